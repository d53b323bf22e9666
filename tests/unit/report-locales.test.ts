import { describe, expect, it } from 'vitest';
import en from '../../src/locales/en.json';
import zh from '../../src/locales/zh.json';
import { REPORTS } from '../../src/pages/report/catalogue';
import { columnTitleKeys, conditionLabelKey } from '../../src/pages/report/report-list';
import { CALL_KPI, STATUS_KPI } from '../../schemas/reports/shared/kpi';

/**
 * Every report's title, column titles and condition labels exist in both languages: adding a
 * report schema without its translations fails here (its page would show raw keys).
 */
type Tree = { [key: string]: string | Tree };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' && node.trim() !== '' ? node : undefined;
}

const LOCALES = [['zh', zh], ['en', en]] as const;

describe.each(REPORTS.map((report) => [report.id, report] as const))('report %s', (_id, report) => {
  it.each(LOCALES)('has its title, every column title, every condition label and every coded condition value in %s', (_language, locale) => {
    const tree = locale as unknown as Tree;
    const missing = [
      ...[`reports.${report.id}.title`].filter((key) => !lookup(tree, key)),
      ...report.columns.filter((column) => !columnTitleKeys(report, column).some((key) => lookup(tree, key))).map((c) => `column ${c.key}`),
      ...Object.keys(report.conditions.properties).map(conditionLabelKey).filter((key) => !lookup(tree, key)),
      // A closed set's choices read as words (direction: inbound / outbound), not as codes.
      ...Object.entries(report.conditions.properties)
        .flatMap(([key, property]) => (property.enum ?? []).map((value) => `reports.enums.${key}.${String(value)}`))
        .filter((key) => !lookup(tree, key)),
    ];
    expect(missing).toEqual([]);
  });
});

describe('KPI labels and report menus', () => {
  it.each(LOCALES)('every KPI of the dictionary, the reports group and the totals row are labelled in %s', (_language, locale) => {
    const keys = [...Object.values(CALL_KPI), ...Object.values(STATUS_KPI)].map((k) => k.label);
    expect([...keys, 'menu.reportcall', 'crud.total', 'reports.query', 'reports.chartFirstRows'].filter((key) => !lookup(locale as unknown as Tree, key))).toEqual([]);
  });

  it('finds the lookup failing for a key that is not there', () => {
    expect(lookup(en as unknown as Tree, 'reports.noSuchReport.title')).toBeUndefined();
  });
});
