/** "less than a minute", "about 4 minutes", "about 2 hours": an estimate, rounded as people say it. */
export function formatRemaining(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 90) return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.round(minutes / 60);
  return `about ${hours} hours`;
}

/** "3 h 20 min", "45 min", "12 s": an elapsed time. */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1_000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}

/** "1.5 hours", "12 hours", "0 hours": hours hibernated, as the server rounds them (tenths). */
export function formatHours(hours: number): string {
  const rounded = Math.round(hours * 10) / 10;
  return `${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 1 }).format(rounded)} ${rounded === 1 ? 'hour' : 'hours'}`;
}
