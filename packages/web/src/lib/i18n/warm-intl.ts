/**
 * The first Intl formatter a page builds loads the browser's locale data: tens of milliseconds
 * on a slow phone, after which any other formatter takes well under one. A signed-in start
 * builds one while the app's code is on its way, so that the first render of the dashboard
 * (its clock and temperatures) does not pay for it after the first paint.
 */
export function warmIntl(language: string): void {
  new Intl.DateTimeFormat(language, { dateStyle: 'full', timeStyle: 'short' }).format(0);
  new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(0);
}
