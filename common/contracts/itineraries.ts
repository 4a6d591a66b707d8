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
