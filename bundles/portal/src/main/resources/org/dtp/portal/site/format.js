// Numbers for people: sizes in binary units, durations in h/min/s, dates in the browser's locale.
const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

export function bytes(n) {
  let value = Number(n) || 0;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) { value /= 1024; unit++; }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${UNITS[unit]}`;
}

export function count(n) {
  return new Intl.NumberFormat().format(Number(n) || 0);
}

export function duration(seconds) {
  if (!Number.isFinite(seconds) || seconds < 0) return '-';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

export function when(iso) {
  return iso ? new Date(iso).toLocaleString() : '';
}

/** How long the rest takes at the current rate, from the estimate: by bytes when known, else by items. */
export function timeLeft(progress, estimate) {
  if (!estimate || progress.state !== 'RUNNING') return null;
  if (estimate.bytes > 0 && progress.bytesPerSecond > 0) {
    return Math.max(0, estimate.bytes - progress.bytes) / progress.bytesPerSecond;
  }
  if (estimate.items > 0 && progress.itemsPerSecond > 0) {
    return Math.max(0, estimate.items - progress.items) / progress.itemsPerSecond;
  }
  return null;
}
