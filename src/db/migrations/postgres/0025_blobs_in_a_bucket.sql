-- PostgreSQL's side of 0025_blobs_in_a_bucket.sql (the comments there): copy chunks and share parts may
-- keep their bytes in a bucket, and an object whose row goes is noted in `blob_deletions`.
ALTER TABLE copy_chunks ADD COLUMN object TEXT;
ALTER TABLE copy_chunks ADD COLUMN size BIGINT;
ALTER TABLE advocate_share_parts ADD COLUMN object TEXT;
ALTER TABLE advocate_share_parts ADD COLUMN size BIGINT;

CREATE TABLE blob_deletions (
    object TEXT PRIMARY KEY,
    due_at BIGINT NOT NULL
);
CREATE INDEX blob_deletions_by_due ON blob_deletions (due_at);

CREATE FUNCTION row_object_goes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO blob_deletions (object, due_at) VALUES (OLD.object, 0)
        ON CONFLICT (object) DO UPDATE SET due_at = 0;
    RETURN NULL;
END $$;
CREATE TRIGGER copy_chunk_object_goes AFTER DELETE ON copy_chunks
FOR EACH ROW WHEN (OLD.object IS NOT NULL) EXECUTE FUNCTION row_object_goes();
CREATE TRIGGER copy_chunk_object_replaced AFTER UPDATE OF object ON copy_chunks
FOR EACH ROW WHEN (OLD.object IS NOT NULL AND OLD.object IS DISTINCT FROM NEW.object)
EXECUTE FUNCTION row_object_goes();
CREATE TRIGGER share_part_object_goes AFTER DELETE ON advocate_share_parts
FOR EACH ROW WHEN (OLD.object IS NOT NULL) EXECUTE FUNCTION row_object_goes();
CREATE TRIGGER share_part_object_replaced AFTER UPDATE OF object ON advocate_share_parts
FOR EACH ROW WHEN (OLD.object IS NOT NULL AND OLD.object IS DISTINCT FROM NEW.object)
EXECUTE FUNCTION row_object_goes();
