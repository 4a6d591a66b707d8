import { z } from 'zod';
import { CalendarDate } from './daily-programs';
import { idParams, isoDate } from './fields';

/** The only extensions an itinerary may have, the spreadsheet formats offices export (its content must agree). */
export const ITINERARY_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
export const ITINERARY_TYPE_MESSAGE = 'Invalid file type: Please upload an Excel or CSV file';

export const hasItineraryExtension = (name: string) => ITINERARY_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** The text field of POST /api/itineraries, collected from the multipart parts. */
export const ItineraryUploadFields = z.object({ uploadDate: CalendarDate });
export type ItineraryUploadFields = z.input<typeof ItineraryUploadFields>;

export const ItineraryIdParams = idParams('Itinerary id');

export const Itinerary = z.object({
  id: z.number().int(),
  /** YYYY-MM-DD */
  uploadDate: z.string(),
  filename: z.string(),
  originalName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  uploadedBy: z.number().int().nullable(),
  createdAt: isoDate,
  /** null when the uploader's account has since been deleted. */
  uploader: z.object({ username: z.string() }).nullable(),
});
export type Itinerary = z.input<typeof Itinerary>;
/** GET /api/itineraries: newest first. */
export const ItineraryList = z.array(Itinerary);

/** Rows read from each sheet at most; a longer sheet answers the first ones with `truncated: true`. */
export const ITINERARY_TABLE_MAX_ROWS = 2_000;
export const XLS_PREVIEW_MESSAGE = 'Preview not available for .xls files';

/** A cell: text, a number, or null when empty. Dates are ISO 8601 text (a time of day alone is on 1899-12-30). */
export const TableCell = z.union([z.string(), z.number(), z.null()]);
export type TableCell = z.infer<typeof TableCell>;

/** GET /api/itineraries/{id}/table: each sheet's first non-empty row names the columns. */
export const ItineraryTable = z.object({
  sheets: z.array(
    z.object({
      name: z.string(),
      columns: z.array(z.string()),
      rows: z.array(z.array(TableCell)),
      /** The sheet has more than ITINERARY_TABLE_MAX_ROWS data rows; only the first are here. */
      truncated: z.boolean(),
    }),
  ),
});
export type ItineraryTable = z.infer<typeof ItineraryTable>;
