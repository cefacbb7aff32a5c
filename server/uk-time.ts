// Days and weeks as the service's users live them: in UK time (Europe/London, GMT in winter and
// BST in summer), not UTC. A response sent at 00:30 BST on 11 June belongs to 11 June. Days are
// named YYYY-MM-DD; their bounds are the instants of UK midnight.

export const UK_ZONE = 'Europe/London';

const HOUR = 60 * 60 * 1000;

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: UK_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const hourFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: UK_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

/**
 * Worked out once each and kept: Intl's formatting was an eighth of the overview's time at
 * 100,000 responses (a day for each hour of three months, on every request). A long-running
 * service keeps a few thousand; past `KEPT`, the kept ones are dropped.
 */
const KEPT = 100_000;
const dayOfHour = new Map<number, string>();
const midnightOf = new Map<string, number>();
function kept<K, V>(map: Map<K, V>, key: K, work: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = work();
    if (map.size >= KEPT) map.clear();
    map.set(key, value);
  }
  return value;
}

/**
 * The UK day (YYYY-MM-DD) an instant falls on. UK time is UTC plus whole hours and the clocks
 * change on the hour, so every instant of a UTC hour falls on the same UK day.
 */
export const ukDay = (at: Date): string =>
  kept(dayOfHour, Math.floor(at.getTime() / HOUR), () => dayFormat.format(at));

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** How many days from `from` to `to` (YYYY-MM-DD), negative when `to` is earlier. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / (24 * HOUR));

/**
 * The instant a UK day begins. The clocks change at 01:00 UTC, never near midnight, so the
 * offset at UTC midnight of that day is the offset at its UK midnight.
 */
export function ukMidnight(day: string): Date {
  const at = kept(midnightOf, day, () => {
    const utc = new Date(`${day}T00:00:00Z`);
    const offset = Number(hourFormat.format(utc)); // 0 in GMT, 1 in BST
    return utc.getTime() - offset * HOUR;
  });
  return new Date(at);
}

/** The day of the week of a day (0 Monday … 6 Sunday). */
const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The Monday (a UK day) of the week an instant falls in. */
export const ukWeekDay = (at: Date): string => addDays(ukDay(at), -weekday(ukDay(at)));

/** The first day of the month an instant falls in, in UK time. */
export const ukMonthDay = (at: Date): string => `${ukDay(at).slice(0, 8)}01`;

/** The day a month after `day` (a first of the month). */
export function nextMonth(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10);
}
