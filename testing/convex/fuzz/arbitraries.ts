/**
 * The values the fuzzer sends: hostile and well-typed ones derived from a function's validator,
 * values of the wrong type, and a few realistic ones.
 */
import { jsonToConvex, type ObjectFieldType, type ValidatorJSON } from "convex/values";
import fc from "fast-check";
import type { TableNames } from "../../../convex/_generated/dataModel";
import { FEEDBACK_TEXT_MAX_LENGTH } from "../../../convex/model/shared/feedbackRules";
import { COOLDOWN_MS } from "../../../convex/model/shared/rules";
import { TABLES, live, HOUR, MiB } from "./world";
import type { Spec, Hints } from "./calls";

export const HUGE_EMAIL = live.huge(
  "a 1 MiB e-mail address",
  () => `${"a".repeat(MiB)}@example.com`,
);

export const HUGE_STRINGS = [
  live.huge("1 MiB of 'x'", () => "x".repeat(MiB)),
  live.huge("1 MiB of emoji", () => "😀".repeat(MiB / 4)),
  live.huge("1 MiB of NUL", () => "\u0000".repeat(MiB)),
  live.huge("1 MiB of lone surrogates", () => "\ud800".repeat(MiB / 2)),
  live.huge("1 MiB of markup", () => "<img src=x onerror=alert(1)>".repeat(MiB / 28)),
  HUGE_EMAIL,
];

export const ODD_PIECES = [
  "",
  " ",
  "\u0000",
  "\t\r\n",
  "\u200b", // zero-width space
  "\u200d", // zero-width joiner
  "\u202e", // right-to-left override
  "\u2066", // left-to-right isolate
  "\ufeff",
  "e\u0301",
  "👩‍👩‍👧",
  "🇯🇵",
  "שלום",
  "مرحبا",
  "ｆｕｌｌ",
  "İı",
  "ß",
  "\ud800",
  "\udfff",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  '<a href="javascript:alert(1)">x</a>',
  "' OR '1'='1",
  "${7*7}",
  "__proto__",
  "constructor",
  "NaN",
  "-1",
  "UTC",
  "Show 1",
];

export const loneSurrogate = fc
  .integer({ min: 0xd800, max: 0xdfff })
  .map((c) => String.fromCharCode(c));

export const stringPiece = fc.oneof(
  fc.constantFrom(...ODD_PIECES),
  loneSurrogate,
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 2 }),
  fc.string({ unit: "binary", minLength: 1, maxLength: 3 }),
  fc.string({ minLength: 1, maxLength: 8 }),
);

export const idOfAnyTable = fc.constantFrom(...TABLES.map((table) => live.id(table)));

export const oddString: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.array(stringPiece, { maxLength: 6 }).map((parts) => parts.join("")) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
  { weight: 1, arbitrary: idOfAnyTable },
);

export const oddNumber = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.5,
    -0.5,
    1.5,
    NaN,
    Infinity,
    -Infinity,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
    Number.EPSILON,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 31),
    2 ** 32,
    1e21,
  ),
  fc.integer({ min: -3, max: 30 }),
  fc.double(),
);

export const bytes = fc.uint8Array({ maxLength: 16 }).map((array) => array.buffer);

export const fieldName = fc
  .string({ unit: "grapheme-ascii", minLength: 1, maxLength: 10 })
  .filter((name) => !name.startsWith("$"));

/** Any value a client can send: every Convex type, nested. */
export const { anyValue } = fc.letrec<{ anyValue: unknown }>((tie) => ({
  anyValue: fc.oneof(
    { depthSize: "small" },
    fc.constant(null),
    fc.boolean(),
    oddNumber,
    oddString,
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
    bytes,
    fc.array(tie("anyValue"), { maxLength: 3 }),
    fc.dictionary(fieldName, tie("anyValue"), { maxKeys: 3 }),
  ),
}));

export function omit(object: Record<string, unknown>, key: string) {
  const { [key]: _omitted, ...rest } = object;
  return rest;
}

export function objectArbitrary(fields: Record<string, ObjectFieldType>, hints: Hints) {
  const entries = Object.entries(fields);
  const shape = Object.fromEntries(
    entries.map(([name, field]) => [name, conforming(field.fieldType, hints, name)]),
  );
  const required = entries.filter(([, field]) => !field.optional).map(([name]) => name);
  const fit = fc.record(shape, { requiredKeys: required }) as fc.Arbitrary<Record<string, unknown>>;
  const names = entries.map(([name]) => name);
  return fc.oneof(
    { weight: 10, arbitrary: fit },
    {
      weight: 3,
      arbitrary:
        names.length === 0
          ? fit
          : fc
              .tuple(fit, fc.constantFrom(...names), anyValue)
              .map(([object, key, wrong]) => ({ ...object, [key]: wrong })),
    },
    {
      weight: 1,
      arbitrary:
        required.length === 0
          ? fit
          : fc.tuple(fit, fc.constantFrom(...required)).map(([object, key]) => omit(object, key)),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fit, fieldName, anyValue)
        .map(([object, key, extra]) => (key in object ? object : { ...object, [key]: extra })),
    },
    { weight: 1, arbitrary: fc.dictionary(fieldName, anyValue, { maxKeys: 3 }) },
  );
}

/** Values of the validator's type (mostly), hostile ones, with the hint for `field` mixed in. */
export function conforming(
  validator: ValidatorJSON,
  hints: Hints,
  field?: string,
): fc.Arbitrary<unknown> {
  const hint = field === undefined ? undefined : hints[field];
  const base = ((): fc.Arbitrary<unknown> => {
    switch (validator.type) {
      case "null":
        return fc.constant(null);
      case "number":
        return oddNumber;
      case "bigint":
        return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n });
      case "boolean":
        return fc.boolean();
      case "string":
        return oddString;
      case "bytes":
        return bytes;
      case "any":
      case "commitTs":
        return anyValue;
      case "literal":
        return fc.constant(jsonToConvex(validator.value));
      case "id":
        return fc.oneof(fc.constant(live.id(validator.tableName as TableNames)), idOfAnyTable);
      case "array":
        return fc.array(conforming(validator.value, hints), { maxLength: 4 });
      case "record":
        return fc.dictionary(fieldName, conforming(validator.values.fieldType, hints), {
          maxKeys: 3,
        });
      case "object":
        return objectArbitrary(validator.value, hints);
      case "union":
        return fc.oneof(...validator.value.map((member) => conforming(member, hints)));
    }
  })();
  return hint === undefined
    ? base
    : fc.oneof({ weight: 3, arbitrary: hint }, { weight: 2, arbitrary: base });
}

/** A call's arguments: mostly an object shaped by the validator, now and then not an object at all. */
export function argumentsFor(
  validator: ValidatorJSON,
  { hints = {}, realistic }: Spec,
  realisticWeight = 10,
) {
  return fc.oneof(
    { weight: 20, arbitrary: conforming(validator, hints) },
    ...(realistic === undefined ? [] : [{ weight: realisticWeight, arbitrary: realistic }]),
    // (Not null: convex-test itself crashes on it, and a client's null arguments arrive as {}.)
    { weight: 1, arbitrary: fc.oneof(oddString, oddNumber, fc.array(anyValue)) },
  );
}

export const timeZones = fc.constantFrom(
  "UTC",
  "Europe/Paris",
  "Asia/Tokyo",
  "Asia/Kolkata",
  "America/New_York",
  "America/St_Johns",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "Australia/Lord_Howe",
  "Etc/GMT+12",
  "europe/paris",
  "EST5EDT",
  "+05:30",
  "Mars/Base",
  "Europe/Paris\u0000",
);

export const periods = fc.constantFrom("day", "week", "all");

export const days = fc.oneof(
  fc.constant(live.today),
  fc.constantFrom("2026-02-29", "2026-02-30", "1970-01-01", "9999-12-31", "2026-1-5", "today"),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);

/** A client's clock: the real one, or a faked one (far off, before 1970, past any date, NaN). */
export const instants = fc.oneof(
  fc.constant(live.now),
  fc.constantFrom(0, -1, 8.64e15, 8.64e15 + 1, Number.MAX_VALUE, Number.NaN, Infinity, -Infinity),
  fc.double(),
  fc.date({ noInvalidDate: true }).map((d) => d.getTime()),
);

export const feedbackText = fc.oneof(
  fc.constantFrom("", "<script>alert(1)</script>", "x".repeat(FEEDBACK_TEXT_MAX_LENGTH)),
  fc.constant(live.huge("5,001 characters", () => "y".repeat(FEEDBACK_TEXT_MAX_LENGTH + 1))),
  fc.string({ maxLength: 30 }),
);

/** How far the clock jumps before a call: mostly not at all, sometimes past a cooldown or a midnight. */
export const clockJump = fc.oneof(
  { weight: 12, arbitrary: fc.constant(0) },
  { weight: 1, arbitrary: fc.constantFrom(31_000, COOLDOWN_MS, 6 * HOUR, 25 * HOUR) },
);
