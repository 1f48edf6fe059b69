-- What is large and sealed may keep its bytes in an S3-compatible bucket (`[storage] url = "s3://..."`,
-- src/blobs/): a copy chunk's or a share part's row then holds its object's key and size, and empty bytes.
-- Rows written before, and every row with `file://`, keep their bytes and leave both NULL, so nothing is
-- rewritten. An object whose row is deleted or replaced is noted in `blob_deletions` by the triggers below,
-- in the same transaction, whichever way the row goes (her deletion, her account's, a pairing's cascade).
ALTER TABLE copy_chunks ADD COLUMN object TEXT;
ALTER TABLE copy_chunks ADD COLUMN size INTEGER;
ALTER TABLE advocate_share_parts ADD COLUMN object TEXT;
ALTER TABLE advocate_share_parts ADD COLUMN size INTEGER;

CREATE TABLE blob_deletions (
    object TEXT PRIMARY KEY,
    -- Unix milliseconds from which the sweep may delete it: 0 for a row's object, an hour on for an upload.
    due_at INTEGER NOT NULL
);
CREATE INDEX blob_deletions_by_due ON blob_deletions (due_at);

CREATE TRIGGER copy_chunk_object_goes AFTER DELETE ON copy_chunks WHEN OLD.object IS NOT NULL
BEGIN
    INSERT OR REPLACE INTO blob_deletions (object, due_at) VALUES (OLD.object, 0);
END;
CREATE TRIGGER copy_chunk_object_replaced AFTER UPDATE OF object ON copy_chunks
WHEN OLD.object IS NOT NULL AND OLD.object IS NOT NEW.object
BEGIN
    INSERT OR REPLACE INTO blob_deletions (object, due_at) VALUES (OLD.object, 0);
END;
CREATE TRIGGER share_part_object_goes AFTER DELETE ON advocate_share_parts WHEN OLD.object IS NOT NULL
BEGIN
    INSERT OR REPLACE INTO blob_deletions (object, due_at) VALUES (OLD.object, 0);
END;
CREATE TRIGGER share_part_object_replaced AFTER UPDATE OF object ON advocate_share_parts
WHEN OLD.object IS NOT NULL AND OLD.object IS NOT NEW.object
BEGIN
    INSERT OR REPLACE INTO blob_deletions (object, due_at) VALUES (OLD.object, 0);
END;
