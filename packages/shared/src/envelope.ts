/** Every API answer has this shape (API.md, Conventions). */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
  errors?: Record<string, string>;
}

export interface Page<T> {
  data: T[];
  page: number;
  limit: number;
  totalResults: number;
  totalPages: number;
  /** Only on a staff search whose matches were counted up to a cap: totalResults is that cap. */
  totalIsEstimate?: boolean;
}
