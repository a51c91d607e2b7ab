/** Reading a backup file a line at a time, with every way it can be wrong told in words. */
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError, type BackupHeader } from './format';

interface Line {
  number: number;
  text: string;
  value: unknown;
}

/** A backup file read a line at a time, with every way it can be wrong told in words. */
export class BackupFile {
  private lineNumber = 0;
  /** Set by open(), which refuses a file without one. */
  header!: BackupHeader;

  private constructor(
    readonly file: string,
    private readonly iterator: AsyncIterator<string>,
  ) {}

  static async open(file: string): Promise<BackupFile> {
    let size: number;
    try {
      const stat = statSync(file);
      if (!stat.isFile()) throw new BackupError(`${file} is not a file`);
      size = stat.size;
    } catch (error) {
      if (error instanceof BackupError) throw error;
      throw new BackupError(`No backup file at ${file}`);
    }
    const magic = Buffer.alloc(2);
    const fd = openSync(file, 'r');
    try {
      readSync(fd, magic, 0, 2, 0);
    } finally {
      closeSync(fd);
    }
    if (size < 2 || magic[0] !== 0x1f || magic[1] !== 0x8b) throw new BackupError(`${file} is not a usedcars backup: it is not gzip-compressed`);
    const reader = new BackupFile(file, readLines(file)[Symbol.asyncIterator]());
    try {
      const header = (await reader.next())?.value as Partial<BackupHeader> | undefined;
      if (!header || typeof header !== 'object' || header.format !== BACKUP_FORMAT)
        throw new BackupError(`${file} is not a usedcars backup: its first line is not a usedcars backup header`);
      if (typeof header.version !== 'number' || header.version > BACKUP_VERSION) {
        throw new BackupError(
          `${file} is in backup format version ${String(header.version)}; this API reads version ${BACKUP_VERSION} and older. Restore it with a newer version of the API.`,
        );
      }
      if (!header.schema || !Array.isArray(header.tables)) throw new BackupError(`${file} is damaged: its header has no schema version or table list`);
      reader.header = header as BackupHeader;
      return reader;
    } catch (error) {
      await reader.close();
      throw error;
    }
  }

  /** The next line, parsed; null at the end of the file. */
  async next(): Promise<Line | null> {
    let result: IteratorResult<string>;
    try {
      result = await this.iterator.next();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (code.startsWith('Z_') || /unexpected end|incorrect|invalid/i.test((error as Error).message)) {
        throw new BackupError(`${this.file} is damaged or incomplete (${(error as Error).message}, after line ${this.lineNumber})`);
      }
      throw error;
    }
    if (result.done) return null;
    this.lineNumber += 1;
    try {
      return { number: this.lineNumber, text: result.value, value: JSON.parse(result.value) as unknown };
    } catch {
      throw new BackupError(`${this.file} is damaged: line ${this.lineNumber} is not valid JSON`);
    }
  }

  /** Reads to the end without loading anything; closes the file early on a refusal. */
  async close(): Promise<void> {
    await this.iterator.return?.();
  }
}

async function* readLines(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  // pipeline() hands a read error on to gunzip, which then throws out of the loop below.
  const piped = pipeline(createReadStream(file), gunzip).catch(() => undefined);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  try {
    for await (const chunk of gunzip) {
      rest += decoder.write(chunk as Buffer);
      let end = rest.indexOf('\n');
      while (end >= 0) {
        yield rest.slice(0, end);
        rest = rest.slice(end + 1);
        end = rest.indexOf('\n');
      }
    }
    rest += decoder.end();
    if (rest.length > 0) yield rest;
  } finally {
    gunzip.destroy();
    await piped;
  }
}
