/** File names the app gives files it hands to people: the batch archive's entries and e-mail attachments. */
import { BATCH_UI } from '@app/contracts';

/** Longest file name stem in the archive, in characters: well within Windows' 255 and its 260-character paths. */
export const STEM_MAX = 100;

/** Characters Windows refuses in a file name, and control characters. */
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f\u007f]/g;
/** Device names Windows reserves, with or without an extension (`CON.xlsx` too). */
const RESERVED = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])$/i;

/**
 * A task's name as a file name stem every system accepts: forbidden characters become `_`, runs
 * of spaces one space, no trailing dot or space, at most STEM_MAX characters (never half a
 * surrogate pair), a reserved device name prefixed with `_`, and never empty.
 */
export function safeStem(name: string): string {
  let stem = name.normalize('NFC').replace(FORBIDDEN, '_').replace(/\s+/g, ' ').trim();
  stem = Array.from(stem).slice(0, STEM_MAX).join('');
  stem = stem.replace(/[. ]+$/, '').replace(/^ +/, '');
  if (!stem) return BATCH_UI.unnamedFile;
  if (RESERVED.test(stem.split('.')[0].trim())) stem = `_${stem}`;
  return stem;
}

/**
 * The names of one archive: each unique regardless of case (Windows and macOS fold it), the
 * second of a name becoming `Имя (2).xlsx`.
 */
export class ArchiveNames {
  private readonly used = new Set<string>();

  /** Holds a name taken by the archive itself (Итоги.xlsx), so no task gets it. */
  reserve(fileName: string): void {
    this.used.add(fileName.toLowerCase());
  }

  take(taskName: string, extension: string): string {
    const stem = safeStem(taskName);
    for (let n = 1; ; n++) {
      const name = n === 1 ? `${stem}${extension}` : `${stem} (${n})${extension}`;
      if (this.used.has(name.toLowerCase())) continue;
      this.used.add(name.toLowerCase());
      return name;
    }
  }
}

/** An export sent by e-mail (DESIGN §17): `<task> — <DD.MM.YYYY>.xlsx`, the task's name made safe as in the archive. */
export function attachmentName(taskName: string, day: string): string {
  return `${safeStem(taskName)} — ${day}.xlsx`;
}
