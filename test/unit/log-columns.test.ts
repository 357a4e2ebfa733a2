import { describe, expect, it } from 'vitest';
import { abbreviateMethod, gridTemplate, logLayout, METHOD_CAP_PX, PRESENT_FIT, type LogLayout } from '../../web/features/log/log-columns.js';
import { formatShortTime, formatTime } from '../../web/lib/ui/format.js';

const methodOf = (template: string) => template.split(' ')[5];

describe('the log grid template', () => {
  it('fits the method column to its longest name when the table has room', () => {
    expect(methodOf(gridTemplate({}, 265, 1100))).toBe('265px');
  });

  it('caps the fitted method column, and leaves the summary room in a narrower table', () => {
    expect(methodOf(gridTemplate({}, 900, 2000))).toBe(`${METHOD_CAP_PX}px`);
    // 1000 px less the fixed columns (432), the gaps (72) and the summary's 160 leaves 336.
    expect(methodOf(gridTemplate({}, 500, 1000))).toBe('336px');
    expect(methodOf(gridTemplate({}, 500, 800))).toBe('136px');
  });

  it('never starves the summary to a few letters: a narrow table shortens its cells and the method column gives way', () => {
    // A 1024 px window's log (about 574 px of rows): by and size leave the grid (their gaps too), time, kind and id
    // shrink (the cells then show 03:07.412 and NOTIF), and the method column takes what leaves the summary 110 px.
    const summaryOf = (l: LogLayout, table: number) => table - Object.values(l.px).reduce((sum, w) => sum + w, 0) - 8 * Object.keys(l.px).length;
    // notifications/resources/list_changed in 11.5 px monospace (250 px), abbreviated n/resources/list_changed (168 px).
    const fit = { full: 250, short: 168 };
    const narrow = logLayout({}, fit, 574);
    expect(narrow).toMatchObject({ compact: true, abbreviate: true, folded: true });
    expect(narrow.px).toMatchObject({ time: 66, kind: 48, id: 32 });
    expect(Object.keys(narrow.px)).not.toContain('by');
    expect(narrow.template.split(' ')).toHaveLength(8);
    // 574 less seq 44, time 66, dir 18, kind 48, id 32, latency 64, seven gaps and the summary's 110: 136 px, about 19
    // characters (…ources/list_changed), where it used to be 64 px (…_changed).
    expect(narrow.px.method).toBe(136);
    expect(summaryOf(narrow, 574)).toBe(110);
    // A 1440 px window (about 810 px): nothing shortened but the long names, the summary keeps its 160.
    const wide = logLayout({}, fit, 810);
    expect(wide).toMatchObject({ compact: false, abbreviate: true, folded: false });
    expect(wide.px).toMatchObject({ time: 86, by: 34 });
    expect(summaryOf(wide, 810)).toBeGreaterThanOrEqual(160);
    // Room for the whole longest name: nothing abbreviated.
    expect(logLayout({}, fit, 1100)).toMatchObject({ compact: false, abbreviate: false });
    // A column dragged narrower than the longest name abbreviates too; one dragged wide enough does not; a dragged
    // time column keeps its width in a narrow table.
    expect(logLayout({ method: 120 }, fit, 1400).abbreviate).toBe(true);
    expect(logLayout({ method: 260 }, fit, 1400).abbreviate).toBe(false);
    expect(logLayout({ time: 90 }, fit, 574).px.time).toBe(90);
  });

  it('abbreviates the notifications/ prefix only, and drops only the hour from a short time', () => {
    expect(abbreviateMethod('notifications/resources/list_changed')).toBe('n/resources/list_changed');
    expect(abbreviateMethod('notifications/initialized')).toBe('n/initialized');
    expect(abbreviateMethod('initialize')).toBe('initialize');
    expect(abbreviateMethod('tools/notifications/x')).toBe('tools/notifications/x');
    const ts = new Date(2026, 11, 5, 13, 7, 3, 412).getTime();
    expect([formatTime(ts), formatShortTime(ts)]).toEqual(['13:07:03.412', '07:03.412']);
  });

  it('keeps a dragged width whatever the fit, and folds by and size out of a narrow table', () => {
    expect(methodOf(gridTemplate({}, 300, 1400))).toBe('300px');
    expect(methodOf(gridTemplate({ method: 70 }, 300, 1400))).toBe('70px');
    expect(logLayout({}, null, 600).px).not.toHaveProperty('size');
    expect(logLayout({}, null, 1400).px).toMatchObject({ by: 34, size: 58 });
  });

  it('folds by and size out below a wider table while presenting, keeps the summary 200 px beside a long method and shortens nothing', () => {
    // 803 px: a 1024 px window at presentation zoom (1.25), panes stacked so the log has the whole width.
    expect(logLayout({}, { full: 182, short: 182 }, 803).px.by).toBe(34);
    const summaryOf = (l: LogLayout) => 803 - Object.values(l.px).reduce((sum, w) => sum + w, 0) - 8 * Object.keys(l.px).length;
    const short = logLayout({}, { full: 182, short: 182 }, 803, PRESENT_FIT);
    expect(short).toMatchObject({ folded: true, compact: false, abbreviate: false });
    expect(short.px).toMatchObject({ method: 182, time: 86, kind: 84 });
    expect(summaryOf(short)).toBeGreaterThanOrEqual(200);
    // notifications/resources/list_changed (250 px) gives way: its end shows in 207 px, the summary keeps its 200;
    // presenting, nothing is shortened (whole words for an audience).
    const long = logLayout({}, { full: 250, short: 168 }, 803, PRESENT_FIT);
    expect(long).toMatchObject({ compact: false, abbreviate: false });
    expect(long.px.method).toBe(207);
    expect(summaryOf(long)).toBe(200);
  });
});
