// Quoting for the one-line replay commands we print: each word survives a POSIX shell as is.

export function shellWord(word: string): string {
  if (/^[A-Za-z0-9_./:=@%+,-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

export function shellLine(words: string[]): string {
  return words.map(shellWord).join(' ');
}
