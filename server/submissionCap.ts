/**
 * A cap on accepted submissions per clock minute across all clients, so a flood from many
 * addresses cannot fill the disk. `retryAfter()` is the seconds to wait when full, else 0.
 */
export function submissionCap(max: number | false, clock: () => Date) {
  let minute = -1;
  let count = 0;
  const current = () => {
    const now = clock().getTime();
    const thisMinute = Math.floor(now / 60_000);
    if (thisMinute !== minute) {
      minute = thisMinute;
      count = 0;
    }
    return now;
  };
  return {
    retryAfter(): number {
      const now = current();
      if (max === false || count < max) return 0;
      return Math.max(1, Math.ceil(((minute + 1) * 60_000 - now) / 1000));
    },
    accepted(): void {
      current();
      count += 1;
    },
  };
}

export type SubmissionCap = ReturnType<typeof submissionCap>;
