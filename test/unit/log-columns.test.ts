import { describe, expect, it } from 'vitest';
import { abbreviateMethod, gridTemplate, logLayout, METHOD_CAP_PX, PRESENT_FIT } from '../../web/features/log/log-columns.js';
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
    // A 1024 px window's log (about 574 px of rows): by and size fold away, time and kind shrink (66 and 48 px, the
    // cells then show 03:07.412 and NOTIF), and the method column takes what leaves the summary its 110 px.
    const px = (c: string) => Number.parseInt(c, 10);
    const summaryOf = (cols: string[], table: number) => table - cols.filter((_, i) => i !== 7).reduce((sum, c) => sum + px(c), 0) - 8 * 9;
    // notifications/resources/list_changed in 11.5 px monospace (250 px), abbreviated n/resources/list_changed (168 px).
    const fit = { full: 250, short: 168 };
    const narrow = logLayout({}, fit, 574);
    const cols = narrow.template.split(' ');
    expect([cols[1], cols[4]]).toEqual(['66px', '48px']);
    expect(narrow).toMatchObject({ compact: true, abbreviate: true });
    expect(px(cols[5]!)).toBeGreaterThanOrEqual(100);
    expect(summaryOf(cols, 574)).toBeGreaterThanOrEqual(110);
    // A 1440 px window (about 810 px): nothing shortened but the long names, the summary keeps its 160.
    const wide = logLayout({}, fit, 810);
    expect(wide).toMatchObject({ compact: false, abbreviate: true });
    expect(wide.template.split(' ')[1]).toBe('86px');
    expect(summaryOf(wide.template.split(' '), 810)).toBeGreaterThanOrEqual(160);
    // Room for the whole longest name: nothing abbreviated.
    expect(logLayout({}, fit, 1100)).toMatchObject({ compact: false, abbreviate: false });
    // A column dragged narrower than the longest name abbreviates too; one dragged wide enough does not.
    expect(logLayout({ method: 120 }, fit, 1400).abbreviate).toBe(true);
    expect(logLayout({ method: 260 }, fit, 1400).abbreviate).toBe(false);
  });

  it('abbreviates the notifications/ prefix only, and drops only the hour from a short time', () => {
    expect(abbreviateMethod('notifications/resources/list_changed')).toBe('n/resources/list_changed');
    expect(abbreviateMethod('notifications/initialized')).toBe('n/initialized');
    expect(abbreviateMethod('initialize')).toBe('initialize');
    expect(abbreviateMethod('tools/notifications/x')).toBe('tools/notifications/x');
    const ts = new Date(2026, 11, 5, 13, 7, 3, 412).getTime();
    expect([formatTime(ts), formatShortTime(ts)]).toEqual(['13:07:03.412', '07:03.412']);
  });

  it('keeps a dragged width whatever the fit, and folds by and size away in a narrow table', () => {
    expect(methodOf(gridTemplate({ method: 70 }, 300, 1400))).toBe('70px');
    const narrow = gridTemplate({}, 300, 600).split(' ');
    expect([narrow[3], narrow[8]]).toEqual(['0px', '0px']);
    expect(gridTemplate({}, 300, 1400).split(' ')[3]).toBe('34px');
  });

  it('folds by and size away below a wider table while presenting, and keeps the summary 200 px beside a long method', () => {
    // 803 px: a 1024 px window at presentation zoom (1.25), panes stacked so the log has the whole width.
    expect(gridTemplate({}, 182, 803).split(' ')[3]).toBe('34px');
    const summaryOf = (cols: string[]) => 803 - cols.filter((_, i) => i !== 7).reduce((sum, c) => sum + Number.parseInt(c, 10), 0) - 8 * 9;
    const short = gridTemplate({}, 182, 803, PRESENT_FIT).split(' ');
    expect([short[3], short[8]]).toEqual(['0px', '0px']);
    expect(short[5]).toBe('182px');
    expect(summaryOf(short)).toBeGreaterThanOrEqual(200);
    // notifications/resources/list_changed (250 px) gives way: its end shows in 191 px, the summary keeps its 200.
    const long = gridTemplate({}, 250, 803, PRESENT_FIT).split(' ');
    expect(long[5]).toBe('191px');
    expect(summaryOf(long)).toBe(200);
    // Presenting shortens nothing: whole words for an audience.
    expect(logLayout({}, { full: 250, short: 168 }, 803, PRESENT_FIT)).toMatchObject({ compact: false, abbreviate: false });
  });
});
