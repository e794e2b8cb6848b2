import { Share2Icon } from "lucide-react";
import { Suspense } from "react";
import { Button } from "@/components/ui/button";
import { importWithReload, lazyWithReload } from "@/lib/lazyWithReload";
import { useLazyDialog } from "@/lib/useLazyDialog";
import type { StatsView } from "@convex/model/game/stats";

const loadShareDialog = () => importWithReload(() => import("./ShareDialog"));
const ShareDialog = lazyWithReload(loadShareDialog);

/** "Share today": the latest day played this week (today once it has a round). */
export function ShareButton({ stats, size = "sm" }: { stats: StatsView; size?: "sm" | "default" }) {
  const share = useLazyDialog(loadShareDialog);
  const day = stats.shareDay;
  if (day === null) return null;
  const label = day.day === stats.today ? "Share today" : "Share your last day";
  return (
    <>
      <Button variant="outline" size={size} {...share.openerProps}>
        <Share2Icon />
        {label}
      </Button>
      {share.mounted && (
        <Suspense fallback={null}>
          <ShareDialog day={day} streak={stats.streak.current} {...share.dialogProps} />
        </Suspense>
      )}
    </>
  );
}
