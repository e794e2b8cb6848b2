/**
 * Well-known anime titles made only of everyday and generic words, for when the pool does not
 * hold them. The common-words refusal (refusal.ts) answers "too general" to a guess of such words
 * that names no show of the pool: right for "another world", misleading for "Mob Psycho 100",
 * which names a show, just not one of this pool. A title listed here is judged instead, as a
 * title that is not the anime dealt: a wrong guess, like any other show's name.
 *
 * Why a list in the code, not the catalogue: the catalogue holds only the pool (the refresh
 * stores what it deals), so a title beyond it is known nowhere else without asking AniList on
 * a guess; and the refusal must be decided from the text alone (never from the anime dealt,
 * which would make it a free question), which a fixed list is. Only titles of several words
 * are listed: a single everyday word ("Monster", "Another") is more often meant as a word, and
 * the refusal says how to use it. Each entry must be one the refusal would otherwise refuse
 * (judge/knownTitles.test.ts), so the list holds nothing that changes another verdict.
 */
import { normalizeTitle } from "./normalize";

const KNOWN_TITLES = [
  "A Place Further Than the Universe",
  "Ace of Diamond",
  "Angel Beats!",
  "Angel's Egg",
  "Assassination Classroom",
  "Attack No. 1",
  "Banana Fish",
  "Black Butler",
  "Blade of the Immortal",
  "Blue Lock",
  "Blue Period",
  "Blue Spring Ride",
  "Call of the Night",
  "Case Closed",
  "Castle in the Sky",
  "Cells at Work!",
  "Children of the Sea",
  "City Hunter",
  "D.Gray-man",
  "Daily Lives of High School Boys",
  "Dark Gathering",
  "Death Parade",
  "Dr. Stone",
  "Dragon Ball",
  "Dragon Ball Z",
  "Fairy Tail",
  "False Love",
  "Fate/stay night",
  "Fate/Zero",
  "Fire Force",
  "Fist of the North Star",
  "Food Wars!",
  "From Me to You",
  "Fruits Basket",
  "Future Diary",
  "Ghost Hunt",
  "Ghost in the Shell",
  "Girls' Last Tour",
  "Golden Boy",
  "Golden Time",
  "Grand Blue",
  "Heaven Official's Blessing",
  "Hell Girl",
  "Hell's Paradise",
  "Hi Score Girl",
  "Hunter x Hunter",
  "Initial D",
  "K-On!",
  "Kiki's Delivery Service",
  "Kill la Kill",
  "Laid-Back Camp",
  "Link Click",
  "Little Busters!",
  "Log Horizon",
  "Love Is War",
  "Love Live!",
  "Lucky Star",
  "March Comes in Like a Lion",
  "Mind Game",
  "Mob Psycho 100",
  "My Dress-Up Darling",
  "My Love Story!!",
  "No Game No Life",
  "Odd Taxi",
  "One Piece",
  "One-Punch Man",
  "Paradise Kiss",
  "Perfect Blue",
  "Plastic Memories",
  "Prison School",
  "Psycho-Pass",
  "Re:Zero",
  "Rent-a-Girlfriend",
  "Run with the Wind",
  "Sailor Moon",
  "Samurai 7",
  "Say I Love You",
  "School Days",
  "Shadows House",
  "Silver Spoon",
  "Snow White with the Red Hair",
  "Space Brothers",
  "Space Dandy",
  "Spy x Family",
  "Strike Witches",
  "Summer Wars",
  "Sword Art Online",
  "Sword of the Stranger",
  "The Daily Life of the Immortal King",
  "The Dangers in My Heart",
  "The Devil Is a Part-Timer!",
  "The Night Is Short, Walk On Girl",
  "The Rising of the Shield Hero",
  "The Seven Deadly Sins",
  "The Wind Rises",
  "The World God Only Knows",
  "To Your Eternity",
  "Vampire Hunter D",
  "When They Cry",
  "Wolf Children",
  "Wolf Girl and Black Prince",
  "Wolf's Rain",
  "Wonder Egg Priority",
  "Your Lie in April",
];

const KNOWN = new Set(KNOWN_TITLES.map(normalizeTitle));

/** The listed titles, for the test that holds each to the refusal. */
export const knownTitles: readonly string[] = KNOWN_TITLES;

/** Whether the text is a listed title, written any way that normalises the same (no read). */
export function isKnownTitle(text: string): boolean {
  return KNOWN.has(normalizeTitle(text));
}
