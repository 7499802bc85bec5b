package org.dtp.models.media;

/** Whether a media item is a still image or a video. */
public enum MediaKind {
    PHOTO,
    VIDEO
}
