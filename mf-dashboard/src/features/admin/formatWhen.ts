/** An instant as the admin reads it, in their own time zone: "Nov 25, 2026, 3:04 PM". */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
