/** The time source for inactivity checks; tests replace `clock.now` to move time on. */
export const clock = { now: (): number => Date.now() };
