import sharp from "sharp";
import { decodeUpright } from "./decode";
import type { RgbImage } from "./descriptor";
import type { ImageEmbedder, ViewEncoder } from "./embedder";
import { groundColours, proposeObjectBoxes, type Box } from "./object-boxes";

/**
 * Side a picture is decoded to before views are cut from it: a product at a third of a photo's
 * width still gives a crop of about 224 px, the learned encoder's input.
 */
export const PICTURE_SIDE = 640;
/** Side of the thumbnail the object boxes are proposed on (they are per-pixel work). */
const PROPOSAL_SIDE = 64;

/** Crops of where the product probably is, besides the whole picture. */
export const MAX_CROPS = 3;

export interface QueryWeighting {
  /** A view's encoding turned into its query vector (e.g. the fused encoder's block weights). */
  weigh?(vector: Float32Array): Float32Array;
  /**
   * Scale of a crop's similarities against the whole picture's: below 1, a crop must match clearly
   * better than the whole picture to decide the ranking.
   */
  cropFactor: number;
}

/** The catalogue picture and a shopper's photo as search by image sees them, through `encoder`. */
export function viewEmbedder(encoder: ViewEncoder, weighting: QueryWeighting, previous?: ImageEmbedder["previous"]): ImageEmbedder {
  const weigh = weighting.weigh ?? ((v: Float32Array) => v);
  const embedPicture = async (picture: RgbImage) => (await encoder.encode([picture]))[0]!;
  const embedQueryPicture = async (photo: RgbImage) => {
    const vectors = await encoder.encode(queryViews(await fitWithin(photo, PICTURE_SIDE)));
    return vectors.map((vector, i) => {
      const weighted = weigh(vector);
      if (i > 0) for (let j = 0; j < weighted.length; j++) weighted[j] = weighted[j]! * weighting.cropFactor;
      return weighted;
    });
  };
  return {
    id: encoder.id,
    dimensions: encoder.dimensions,
    previous,
    embedPicture,
    embedQueryPicture,
    embed: async (image) => embedPicture(await decodeUpright(image, PICTURE_SIDE)),
    embedQuery: async (image) => embedQueryPicture(await decodeUpright(image, PICTURE_SIDE)),
  };
}

/** The catalogue's pictures show products on a pale, near-white ground. */
const CATALOGUE_GROUND = [246, 244, 247] as const;

/**
 * The whole photo, then a square crop around each proposed object with the ground around it (the
 * wood, cloth or desk it lies on: colours common in the photo's border) painted the pale colour of
 * the catalogue's own pictures, so what is compared is the object rather than the table. Painting
 * by colour alone measured better than also painting outside the object's region: at the
 * proposals' coarse scale a region's edge cuts into the object (its label, its pins).
 */
export function queryViews(whole: RgbImage): RgbImage[] {
  const thumb = shrink(whole, PROPOSAL_SIDE);
  const boxes = proposeObjectBoxes(thumb, MAX_CROPS);
  if (boxes.length === 0) return [whole];
  const scale = whole.width / thumb.width;
  const isGround = groundColours(thumb);
  const crops = boxes.map((box) => {
    const view = crop(whole, scaleBox(box, scale, whole));
    const { data } = view;
    for (let i = 0; i < data.length; i += 3) if (isGround(data, i)) data.set(CATALOGUE_GROUND, i);
    return view;
  });
  return [whole, ...crops];
}

/** `picture` brought down (linear, as the decoder does) so its longer side is at most `side`. */
export async function fitWithin(picture: RgbImage, side: number): Promise<RgbImage> {
  if (Math.max(picture.width, picture.height) <= side) return picture;
  const { data, info } = await sharp(picture.data, { raw: { width: picture.width, height: picture.height, channels: 3 } })
    .resize(side, side, { fit: "inside", kernel: "linear" })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

function scaleBox(box: Box, scale: number, image: RgbImage): Box {
  const size = Math.min(Math.round(box.size * scale), image.width, image.height);
  return {
    left: Math.min(Math.round(box.left * scale), image.width - size),
    top: Math.min(Math.round(box.top * scale), image.height - size),
    size,
  };
}

export function crop(image: RgbImage, box: Box): RgbImage {
  const data = new Uint8Array(box.size * box.size * 3);
  const row = box.size * 3;
  for (let y = 0; y < box.size; y++) {
    const from = ((box.top + y) * image.width + box.left) * 3;
    data.set(image.data.subarray(from, from + row), y * row);
  }
  return { data, width: box.size, height: box.size };
}

/** Box-filtered downscale so the longer side is at most `side` (cheap, and plenty for proposals). */
export function shrink(image: RgbImage, side: number): RgbImage {
  const factor = Math.max(image.width, image.height) / side;
  if (factor <= 1) return image;
  const width = Math.max(1, Math.round(image.width / factor));
  const height = Math.max(1, Math.round(image.height / factor));
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * image.height) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * image.height) / height));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * image.width) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * image.width) / width));
      let r = 0;
      let g = 0;
      let b = 0;
      for (let yy = y0; yy < y1; yy++) {
        for (let xx = x0; xx < x1; xx++) {
          const i = (yy * image.width + xx) * 3;
          r += image.data[i]!;
          g += image.data[i + 1]!;
          b += image.data[i + 2]!;
        }
      }
      const n = (y1 - y0) * (x1 - x0);
      const o = (y * width + x) * 3;
      data[o] = Math.round(r / n);
      data[o + 1] = Math.round(g / n);
      data[o + 2] = Math.round(b / n);
    }
  }
  return { data, width, height };
}
