package org.dtp.models.media;

/** Where a photo or video was taken, in WGS 84 degrees; altitude in metres, null when unknown. */
public record GeoLocation(double latitude, double longitude, Double altitude) {
    public GeoLocation {
        if (latitude < -90 || latitude > 90 || longitude < -180 || longitude > 180) {
            throw new IllegalArgumentException("not a WGS 84 position: " + latitude + "," + longitude);
        }
    }
}
