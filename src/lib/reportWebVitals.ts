import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from "web-vitals";

function logMetric({ name, value, rating }: Metric): void {
  const shown = name === "CLS" ? value.toFixed(3) : `${Math.round(value)} ms`;
  console.info(`[web-vitals] ${name} ${shown} (${rating})`);
}

/** Logs Core Web Vitals as the browser measures them; loaded only when VITE_REPORT_WEB_VITALS is "true". */
export function reportWebVitals(report: (metric: Metric) => void = logMetric): void {
  onCLS(report);
  onFCP(report);
  onINP(report);
  onLCP(report);
  onTTFB(report);
}
