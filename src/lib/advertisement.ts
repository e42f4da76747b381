/** An advertisement as the API answers it and the carousel shows it. */
export interface Advertisement {
  id: number;
  title: string;
  media_type: "image" | "video";
  media_url: string;
  poster_url: string | null;
  link_url: string;
}
