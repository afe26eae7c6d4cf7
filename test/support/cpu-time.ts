/**
 * CPU milliseconds this process has used, all its threads together. Tests
 * that bound the time of hostile input measure with this rather than the wall
 * clock, so that load from other processes on a shared machine does not decide.
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
