// A time of day as GOV.UK writes one (3pm, 3:45pm, midday, midnight), in UK time: the server
// draws it for a respondent anywhere, so it says which clock it means.

/** The page language's words for the parts of a time (i18n `time.*`). */
export interface TimeWords {
  am: string;
  pm: string;
  midday: string;
  midnight: string;
}

const london = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** `at` (milliseconds since 1970) as a time of day in the UK. */
export function ukTime(at: number, words: TimeWords): string {
  const parts = london.formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const [hour, minute] = [part('hour'), part('minute')];
  if (minute === 0 && hour === 12) return words.midday;
  if (minute === 0 && hour === 0) return words.midnight;
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  const clock = minute === 0 ? `${twelve}` : `${twelve}:${String(minute).padStart(2, '0')}`;
  return `${clock}${hour < 12 ? words.am : words.pm}`;
}
