import { useEffect, useState } from 'react';
import type { ReportCatalogue } from '../../../schemas/report-view';
import i18n from '../../app/i18n';
import { http } from '../../app/providers';
import { addReportWords, catalogueOf, type Catalogue } from './catalogue';

/**
 * The report catalogue, fetched once per page load after sign-in (it is the same for every
 * user: the server's report schemas) and shared by every screen that reads it; a failed fetch
 * is tried again by the next reader. Its reports' own words are added to i18n as it arrives,
 * so the menu titles them too.
 */
let pending: Promise<Catalogue> | undefined;
/** The catalogue once it has come: later report screens render at once, with no loading pass. */
let loaded: Catalogue | undefined;

export function loadReportCatalogue(): Promise<Catalogue> {
  pending ??= http.get<ReportCatalogue>('/api/reports/catalogue').then(
    ({ data }) => {
      addReportWords(i18n, data.reports);
      loaded = catalogueOf(data.reports);
      return loaded;
    },
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/** The catalogue once loaded (undefined before), or the error that stopped it. */
export function useReportCatalogue(): { catalogue?: Catalogue; error?: unknown } {
  const [state, setState] = useState<{ catalogue?: Catalogue; error?: unknown }>(() => (loaded ? { catalogue: loaded } : {}));
  const ready = state.catalogue !== undefined;
  useEffect(() => {
    // Only a screen that mounted before the catalogue came waits for it (it may have come since).
    if (ready) return undefined;
    let live = true;
    loadReportCatalogue().then(
      (catalogue) => live && setState({ catalogue }),
      (error: unknown) => live && setState({ error }),
    );
    return () => {
      live = false;
    };
  }, [ready]);
  return state;
}
