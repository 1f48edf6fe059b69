import { useEffect } from 'react';

// The mood screen's print rules, adopted while the screen is shown. They travel in its lazy chunk: the app's
// one stylesheet is loaded by every first page, and printing the mood chart is no reason for it to grow.
// A constructed sheet comes from the app's own script, so the page's style-src 'self' lets it apply.
const PRINT_RULES = `@media print {
  header, nav, footer, [data-print-hide],
  .mood-page :is(.mood-daily, .mood-checkin, .mood-chart-ranges, .mood-chart-readout) { display: none !important; }
  body {
    --color-surface: #fff !important; --color-surface-2: #fff !important; --color-text: #000 !important;
    --color-muted: #333 !important; --color-primary: #0f6f67 !important; --color-border: #bbb !important;
    --color-danger: #b3261e !important; background: #fff !important; color: #000 !important;
  }
  .mood-page .mood-chart-table-wrap {
    position: static; width: auto; height: auto; margin: 0; overflow: visible; clip: auto; white-space: normal;
  }
}`;

/** Prints the mood screen on white paper: the chart, its summary and table, the history; not the form. */
export function useMoodPrintSheet() {
  useEffect(() => {
    if (typeof CSSStyleSheet === 'undefined' || !Array.isArray(document.adoptedStyleSheets)) return;
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(PRINT_RULES);
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  }, []);
}
