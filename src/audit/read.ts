// Reads a recording file, HAR or JSON lines (told apart by content, not by name), or says plainly why it cannot.

import { FILE_BOUNDS, FileTooLarge, readBoundedText } from '../http/bounded-file.js';
import { isHar, readHar } from './har.js';
import { readJsonLines } from './jsonl.js';
import type { Recording } from './recorded.js';

/** A file that cannot be read at all (missing, or neither HAR nor JSON lines): the CLI exits 2 with this message. */
export class UnreadableRecording extends Error {}

/** A pretty-printed HAR opens with a lone `{` or with `{"log":`; JSON lines open with a whole object. */
const looksLikeHar = (text: string) => /^\s*\{\s*(\n|"log"\s*:)/.test(text);

export function parseRecording(text: string): Recording {
  let document: unknown;
  let failure: Error | undefined;
  try {
    document = JSON.parse(text);
  } catch (error) {
    failure = error as Error;
  }
  if (failure === undefined && isHar(document)) return readHar(document);
  if (failure === undefined && typeof document === 'object' && document !== null && 'log' in document)
    throw new UnreadableRecording('a JSON document with `log` but no `log.entries` array: not a HAR log');
  if (failure !== undefined && looksLikeHar(text))
    throw new UnreadableRecording(`a HAR log that does not parse as JSON (${failure.message})`);
  return readJsonLines(text);
}

export function readRecording(file: string): Recording {
  let text: string;
  try {
    text = readBoundedText(file, FILE_BOUNDS.recording, 'the recording');
  } catch (error) {
    if (error instanceof FileTooLarge) throw new UnreadableRecording(error.message);
    throw new UnreadableRecording(
      `cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const recording = parseRecording(text);
  if (recording.records.length === 0 && recording.unreadable.length === 0)
    throw new UnreadableRecording(`${file} holds no exchange`);
  return recording;
}
