// Presets split over several scratch connections run side by side (`check --lanes`, the lab's "connections"): most
// of a run is waiting out the window of presets nothing answers, so n connections take about 1/n of the time.

/**
 * The items in at most `lanes` contiguous slices, as even as the list allows, every item once and in order: a preset
 * follows the same presets as in the whole table, only fewer. No more slices than items; none for no item.
 */
export function presetLanes<T>(items: readonly T[], lanes: number): T[][] {
  const n = Math.min(Math.max(1, Math.floor(lanes)), items.length);
  return Array.from({ length: n }, (_, i) => items.slice(Math.floor((i * items.length) / n), Math.floor(((i + 1) * items.length) / n)));
}
