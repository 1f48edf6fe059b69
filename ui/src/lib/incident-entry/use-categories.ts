import { useEffect, useState } from 'react';
import type { LocalText } from '../app-config';
import { useLocalText } from '../local-text';
import { ABUSE_KINDS } from './kinds';
import { KIND_LABELS } from './kind-labels';
import { readConfig } from './config-read';

/** A kind of abuse as the operator configured it (`[incidents] categories`, src/incidents/config.rs). */
type Configured = { id: string; label?: LocalText };

export type Category = { id: string; label: string };

/** The operator's list from /api/config, or null for the built-in one (also when it cannot be read). */
export function parseCategories(list: unknown): Configured[] | null {
  if (!Array.isArray(list)) return null;
  const valid = list.filter(
    (c): c is Configured =>
      typeof c === 'object' && c !== null && typeof (c as Configured).id === 'string' && (c as Configured).id !== '',
  );
  return valid.length ? valid : null;
}

/** The kinds the form offers, with their texts in her language. */
export function useCategories(t: (key: string) => string): Category[] {
  const pick = useLocalText();
  const [list, setList] = useState<Configured[] | null>(null);
  useEffect(() => {
    let alive = true;
    void readConfig().then((c) => alive && setList(parseCategories((c as { incidents?: { categories?: unknown } } | null)?.incidents?.categories)));
    return () => {
      alive = false;
    };
  }, []);
  const builtIn = KIND_LABELS as Record<string, string>;
  return (list ?? ABUSE_KINDS.map((id): Configured => ({ id }))).map((c) => ({
    id: c.id,
    label: c.label ? pick(c.label) : builtIn[c.id] ? t(builtIn[c.id]) : c.id,
  }));
}
