import { z } from 'zod';
import { CalendarDate } from './daily-programs';
import { idParams } from './fields';

/** The only extensions an itinerary may have, the spreadsheet formats offices export (its content must agree). */
export const ITINERARY_EXTENSIONS = ['.xlsx', '.xls', '.csv'] as const;
export const ITINERARY_TYPE_MESSAGE = 'Invalid file type: Please upload an Excel or CSV file';

export const hasItineraryExtension = (name: string) => ITINERARY_EXTENSIONS.some((ext) => name.toLowerCase().endsWith(ext));

/** The text field of POST /api/itineraries, collected from the multipart parts. */
export const ItineraryUploadFields = z.object({ uploadDate: CalendarDate });
export type ItineraryUploadFields = z.input<typeof ItineraryUploadFields>;

export const ItineraryIdParams = idParams('Itinerary id');

export interface Itinerary {
  id: number;
  /** YYYY-MM-DD */
  uploadDate: string;
  filename: string;
  originalName: string;
  mimeType: string;
  size: number;
  uploadedBy: number | null;
  createdAt: string;
  /** null when the uploader's account has since been deleted. */
  uploader: { username: string } | null;
}
