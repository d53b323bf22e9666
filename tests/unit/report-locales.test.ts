// @vitest-environment node
import { describe, expect, it } from 'vitest';
import en from '../../src/locales/en.json';
import zh from '../../src/locales/zh.json';
import { lookupWord, missingWords, type WordTree } from '../../schemas/report-words';
import { CALL_KPI, STATUS_KPI } from '../../schemas/reports/shared/kpi';
import { PROJECT_CATALOGUE } from './project-reports';

/**
 * Every report's title, column titles, condition labels and coded values exist in both languages
 * (schemas/report-words.ts, the check the server also runs at startup): adding a report schema
 * without its words fails here (its page would show raw keys).
 */
const LOCALES = [['zh', zh as unknown as WordTree], ['en', en as unknown as WordTree]] as const;

describe.each(PROJECT_CATALOGUE.reports.map((report) => [report.id, report] as const))('report %s', (_id, report) => {
  it.each(LOCALES)('has its title, every column title, every condition label and every coded condition value in %s', (language, locale) => {
    expect(missingWords(report, language, locale)).toEqual([]);
  });
});

describe('KPI labels and report menus', () => {
  it.each(LOCALES)('every KPI of the dictionary, the reports group and the totals row are labelled in %s', (_language, locale) => {
    const keys = [...Object.values(CALL_KPI), ...Object.values(STATUS_KPI)].map((k) => k.label);
    expect([...keys, 'menu.reportcall', 'crud.total', 'reports.query', 'reports.chartFirstRows'].filter((key) => !lookupWord([locale], key))).toEqual([]);
  });

  it('finds a word missing when it is not there, and takes a report its own words first', () => {
    const [, english] = LOCALES[1];
    expect(lookupWord([english], 'reports.noSuchReport.title')).toBeUndefined();
    const own = { ...PROJECT_CATALOGUE.byId('fullCallReport')!, id: 'ownWords' };
    expect(missingWords(own, 'en', english)).toContain('reports.ownWords.title');
    expect(missingWords({ ...own, words: { zh: { title: '自有' }, en: { title: 'Own' } } }, 'en', english)).toEqual([]);
  });
});
