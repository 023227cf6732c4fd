// The README's table of levels that are not the keyword of a sentence, drawn from the checks'
// own `levelReason`, so the README cannot drift from what the suites grade.

/** What the table reads of a check (scripts see checks through the suites, not the engine's types). */
export interface LevelledCheck {
  id: string;
  level: string;
  levelReason?: string;
}

export const START = '<!-- level-reasons:start -->';
export const END = '<!-- level-reasons:end -->';

const cell = (text: string) => text.replaceAll('|', '\\|');

export function levelReasonTable(checks: readonly LevelledCheck[]): string {
  const rows = checks
    .filter((check) => check.levelReason)
    .map((check) => `| \`${check.id}\` | ${check.level} | ${cell(check.levelReason ?? '')} |`)
    .sort();
  return [START, '| check | level | why not the keyword of its sentence |', '| --- | --- | --- |', ...rows, END].join(
    '\n',
  );
}

/** The README with its table section replaced; throws when the markers are missing. */
export function withLevelReasonTable(readme: string, checks: readonly LevelledCheck[]): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README has no ${START} ... ${END} section`);
  return readme.slice(0, start) + levelReasonTable(checks) + readme.slice(end + END.length);
}
