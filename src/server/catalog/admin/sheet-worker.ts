/**
 * Runs in the worker thread that reads uploaded catalogue sheets: parsing a 10 MB CSV or inflating
 * and scanning an XLSX workbook blocks only this thread, never the event loop that answers the
 * shop's other requests.
 */
import { readSheetFile, type SheetFileResult } from "./sheet-file";

export default function run(data: Uint8Array): SheetFileResult {
  return readSheetFile(data);
}
