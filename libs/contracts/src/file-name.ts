/**
 * Characters a file name must not keep (DESIGN §15): C0 and C1 controls, DEL, and the
 * bidirectional marks, embeddings, overrides and isolates (U+061C, U+200E–U+200F, U+202A–U+202E,
 * U+2066–U+2069), which make a name such as «счёт» U+202E «xslx.exe» show in a download dialog
 * as «счётexe.xlsx».
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The name without those characters (what is stored and what a download offers). */
export function withoutUnsafeChars(name: string): string {
  return name.replace(UNSAFE, '');
}

/** A name as stored (DESIGN §15): its last path segment only, no unsafe characters, at most 255 characters. */
export function storedFileName(name: string, fallback = 'file.xlsx'): string {
  const base = withoutUnsafeChars(name.replace(/\\/g, '/').split('/').pop() ?? '').trim();
  return (base || fallback).slice(0, 255);
}
