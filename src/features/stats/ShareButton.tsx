import { Share2Icon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { StatsView } from "@convex/model/stats";
import { ShareDialog } from "./ShareDialog";

/** "Share today": the latest day played this week (today once it has a round). */
export function ShareButton({ stats, size = "sm" }: { stats: StatsView; size?: "sm" | "default" }) {
  const [open, setOpen] = useState(false);
  const day = stats.shareDay;
  if (day === null) return null;
  const label = day.day === stats.today ? "Share today" : "Share your last day";
  return (
    <>
      <Button variant="outline" size={size} onClick={() => setOpen(true)}>
        <Share2Icon />
        {label}
      </Button>
      <ShareDialog day={day} streak={stats.streak.current} open={open} onOpenChange={setOpen} />
    </>
  );
}
