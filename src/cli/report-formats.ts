/** The reports a run stores, by the name `report show --format` gives them. */
export const REPORT_FORMATS = { html: 'report.html', md: 'report.md', json: 'report.json' } as const;
export type ReportFormat = keyof typeof REPORT_FORMATS;
