// Apart from market.ts's schemas, so a screen can list the reasons without loading zod (docs/performance.md, "zod in the bundles").
export const REPORT_REASONS = ['scam', 'wrongDetails', 'offensive', 'alreadySold', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Looks like a scam',
  wrongDetails: 'Wrong or misleading details',
  offensive: 'Offensive content',
  alreadySold: 'Already sold',
  other: 'Something else',
};
