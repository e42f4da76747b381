-- Keypoints of every product picture per extractor, beside its vectors: search by image checks
-- which pictures a photo really shows by matching them.
CREATE TABLE "image_keypoints" (
	"image" text NOT NULL,
	"extractor" text NOT NULL,
	"keypoints" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "image_keypoints_image_extractor_pk" PRIMARY KEY("image","extractor")
);
