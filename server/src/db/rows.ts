/** What `db.execute` answers on both drivers: the rows, each typed by the caller who wrote the query. */
export type Rows<T> = { rows: T[] };
