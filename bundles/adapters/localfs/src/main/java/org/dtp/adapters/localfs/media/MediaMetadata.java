package org.dtp.adapters.localfs.media;

import com.drew.imaging.ImageMetadataReader;
import com.drew.imaging.ImageProcessingException;
import com.drew.imaging.tiff.TiffMetadataReader;
import com.drew.lang.Rational;
import com.drew.metadata.Directory;
import com.drew.metadata.Metadata;
import com.drew.metadata.avi.AviDirectory;
import com.drew.metadata.bmp.BmpHeaderDirectory;
import com.drew.metadata.exif.ExifDirectoryBase;
import com.drew.metadata.exif.ExifIFD0Directory;
import com.drew.metadata.exif.ExifSubIFDDirectory;
import com.drew.metadata.exif.GpsDirectory;
import com.drew.metadata.gif.GifHeaderDirectory;
import com.drew.metadata.heif.HeifDirectory;
import com.drew.metadata.jpeg.JpegDirectory;
import com.drew.metadata.mov.QuickTimeDirectory;
import com.drew.metadata.mov.media.QuickTimeVideoDirectory;
import com.drew.metadata.mp4.Mp4Directory;
import com.drew.metadata.mp4.media.Mp4VideoDirectory;
import com.drew.metadata.png.PngDirectory;
import com.drew.metadata.webp.WebpDirectory;
import org.dtp.formats.files.MediaTypes.MediaType;
import org.dtp.models.media.GeoLocation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads capture time, place, pixel size and camera metadata from a media file with metadata-extractor.
 * Never fails: a file it cannot parse gives {@link Extracted#NONE}.
 */
final class MediaMetadata {
    private static final Logger LOG = LoggerFactory.getLogger(MediaMetadata.class);
    private static final DateTimeFormatter EXIF_DATE_TIME = DateTimeFormatter.ofPattern("yyyy:MM:dd HH:mm:ss");
    /** Offsets in use run from -12:00 to +14:00; a camera clock further from GPS time says nothing of its zone. */
    private static final Duration MAX_ZONE_OFFSET = Duration.ofHours(14);
    /** QuickTime/MP4 count from 1904; an unset creation time comes out before 1970. */
    private static final Instant EARLIEST_VIDEO_TIME = Instant.parse("1970-01-02T00:00:00Z");

    /** What was read; every field may be empty. */
    record Extracted(Instant takenAt, GeoLocation location, Integer width, Integer height, Map<String, String> exif) {
        static final Extracted NONE = new Extracted(null, null, null, null, Map.of());

        Extracted {
            exif = Map.copyOf(exif);
        }
    }

    private MediaMetadata() {
    }

    static Extracted read(Path file, MediaType type) {
        try {
            Metadata metadata = type.tiffFamily()
                    ? TiffMetadataReader.readMetadata(file.toFile()) // random access: does not buffer the file
                    : ImageMetadataReader.readMetadata(file.toFile());
            return extract(metadata);
        } catch (ImageProcessingException | IOException | RuntimeException e) {
            LOG.debug("no metadata read from {}: {}", file, e.toString());
            return Extracted.NONE;
        } catch (StackOverflowError e) {
            // a hostile file can nest boxes or IFDs deeply enough; it costs its metadata, not the export
            LOG.debug("no metadata read from {}: nested too deeply", file);
            return Extracted.NONE;
        }
    }

    static Extracted extract(Metadata metadata) {
        Map<String, String> exif = new LinkedHashMap<>();
        ExifIFD0Directory ifd0 = metadata.getFirstDirectoryOfType(ExifIFD0Directory.class);
        ExifSubIFDDirectory sub = metadata.getFirstDirectoryOfType(ExifSubIFDDirectory.class);
        GpsDirectory gps = metadata.getFirstDirectoryOfType(GpsDirectory.class);
        if (ifd0 != null) {
            putString(exif, "Make", ifd0, ExifDirectoryBase.TAG_MAKE);
            putString(exif, "Model", ifd0, ExifDirectoryBase.TAG_MODEL);
            putString(exif, "Orientation", ifd0, ExifDirectoryBase.TAG_ORIENTATION);
            putString(exif, "Software", ifd0, ExifDirectoryBase.TAG_SOFTWARE);
            putString(exif, "Artist", ifd0, ExifDirectoryBase.TAG_ARTIST);
            putString(exif, "Copyright", ifd0, ExifDirectoryBase.TAG_COPYRIGHT);
            putString(exif, "DateTime", ifd0, ExifDirectoryBase.TAG_DATETIME);
        }
        if (sub != null) {
            putString(exif, "DateTimeOriginal", sub, ExifDirectoryBase.TAG_DATETIME_ORIGINAL);
            putString(exif, "SubSecTimeOriginal", sub, ExifDirectoryBase.TAG_SUBSECOND_TIME_ORIGINAL);
            putString(exif, "OffsetTimeOriginal", sub, ExifDirectoryBase.TAG_TIME_ZONE_ORIGINAL);
            putString(exif, "DateTimeDigitized", sub, ExifDirectoryBase.TAG_DATETIME_DIGITIZED);
            putRational(exif, "ExposureTime", sub, ExifDirectoryBase.TAG_EXPOSURE_TIME, true);
            putRational(exif, "FNumber", sub, ExifDirectoryBase.TAG_FNUMBER, false);
            putString(exif, "ISOSpeedRatings", sub, ExifDirectoryBase.TAG_ISO_EQUIVALENT);
            putRational(exif, "FocalLength", sub, ExifDirectoryBase.TAG_FOCAL_LENGTH, false);
            putString(exif, "LensMake", sub, ExifDirectoryBase.TAG_LENS_MAKE);
            putString(exif, "LensModel", sub, ExifDirectoryBase.TAG_LENS_MODEL);
            String flash = sub.getDescription(ExifDirectoryBase.TAG_FLASH);
            if (flash != null && !flash.isBlank()) {
                exif.put("Flash", flash.strip());
            }
        }
        GeoLocation location = location(gps, exif);
        if (location == null) {
            location = videoLocation(metadata.getFirstDirectoryOfType(Mp4Directory.class));
        }
        Instant takenAt = takenAt(sub, gps);
        if (takenAt == null) {
            takenAt = videoTime(metadata);
        }
        int[] size = dimensions(metadata);
        return new Extracted(takenAt, location,
                size == null ? null : size[0], size == null ? null : size[1], exif);
    }

    /**
     * DateTimeOriginal (else DateTimeDigitized) with its sub-seconds, placed in time by OffsetTimeOriginal;
     * without one, by the offset to the GPS clock (rounded to 15 minutes); without either, read as UTC.
     */
    static Instant takenAt(ExifSubIFDDirectory sub, GpsDirectory gps) {
        if (sub == null) {
            return null;
        }
        LocalDateTime local = localTime(sub.getString(ExifDirectoryBase.TAG_DATETIME_ORIGINAL),
                sub.getString(ExifDirectoryBase.TAG_SUBSECOND_TIME_ORIGINAL));
        String offsetText = sub.getString(ExifDirectoryBase.TAG_TIME_ZONE_ORIGINAL);
        if (local == null) {
            local = localTime(sub.getString(ExifDirectoryBase.TAG_DATETIME_DIGITIZED),
                    sub.getString(ExifDirectoryBase.TAG_SUBSECOND_TIME_DIGITIZED));
            offsetText = sub.getString(ExifDirectoryBase.TAG_TIME_ZONE_DIGITIZED);
        }
        if (local == null) {
            return null;
        }
        ZoneOffset offset = parseOffset(offsetText);
        if (offset == null && gps != null) {
            offset = offsetFromGps(local, gps.getGpsDate());
        }
        return local.toInstant(offset == null ? ZoneOffset.UTC : offset);
    }

    private static LocalDateTime localTime(String text, String subSeconds) {
        if (text == null || text.isBlank() || text.startsWith("0000")) {
            return null;
        }
        try {
            String trimmed = text.strip();
            LocalDateTime time = LocalDateTime.parse(trimmed.length() > 19 ? trimmed.substring(0, 19) : trimmed, EXIF_DATE_TIME);
            if (subSeconds != null && subSeconds.strip().matches("\\d{1,9}")) {
                String digits = (subSeconds.strip() + "000000000").substring(0, 9);
                time = time.withNano(Integer.parseInt(digits));
            }
            return time;
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    private static ZoneOffset parseOffset(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return ZoneOffset.of(text.strip());
        } catch (DateTimeException e) {
            return null;
        }
    }

    private static ZoneOffset offsetFromGps(LocalDateTime local, Date gpsDate) {
        if (gpsDate == null) {
            return null;
        }
        Duration difference = Duration.between(gpsDate.toInstant(), local.toInstant(ZoneOffset.UTC));
        if (difference.abs().compareTo(MAX_ZONE_OFFSET) > 0) {
            return null;
        }
        long quarters = Math.round(difference.toSeconds() / 900.0);
        return ZoneOffset.ofTotalSeconds((int) (quarters * 900));
    }

    private static Instant videoTime(Metadata metadata) {
        Instant mp4 = creationTime(metadata.getFirstDirectoryOfType(Mp4Directory.class), Mp4Directory.TAG_CREATION_TIME);
        return mp4 != null ? mp4
                : creationTime(metadata.getFirstDirectoryOfType(QuickTimeDirectory.class), QuickTimeDirectory.TAG_CREATION_TIME);
    }

    private static Instant creationTime(Directory directory, int tag) {
        Date date = directory == null ? null : directory.getDate(tag);
        return date == null || !date.toInstant().isAfter(EARLIEST_VIDEO_TIME) ? null : date.toInstant();
    }

    private static GeoLocation location(GpsDirectory gps, Map<String, String> exif) {
        if (gps == null) {
            return null;
        }
        com.drew.lang.GeoLocation position = gps.getGeoLocation();
        if (position == null || position.isZero()) {
            return null;
        }
        Double altitude = null;
        Rational rational = gps.getRational(GpsDirectory.TAG_ALTITUDE);
        if (rational != null && rational.getDenominator() != 0) {
            Integer ref = gps.getInteger(GpsDirectory.TAG_ALTITUDE_REF);
            altitude = (ref != null && ref == 1 ? -1 : 1) * rational.doubleValue();
        }
        try {
            GeoLocation location = new GeoLocation(position.getLatitude(), position.getLongitude(), altitude);
            exif.put("GPSLatitude", decimal(location.latitude(), 7));
            exif.put("GPSLongitude", decimal(location.longitude(), 7));
            if (altitude != null) {
                exif.put("GPSAltitude", decimal(altitude, 2));
            }
            Date gpsDate = gps.getGpsDate();
            if (gpsDate != null) {
                exif.put("GPSDateTime", gpsDate.toInstant().toString());
            }
            return location;
        } catch (IllegalArgumentException e) {
            return null; // out of range: a broken GPS block
        }
    }

    private static GeoLocation videoLocation(Mp4Directory mp4) {
        if (mp4 == null) {
            return null;
        }
        Double latitude = mp4.getDoubleObject(Mp4Directory.TAG_LATITUDE);
        Double longitude = mp4.getDoubleObject(Mp4Directory.TAG_LONGITUDE);
        if (latitude == null || longitude == null || (latitude == 0 && longitude == 0)) {
            return null;
        }
        try {
            return new GeoLocation(latitude, longitude, null);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Where pixel sizes are found, best first: image headers, video tracks, then what EXIF claims. */
    private static final List<SizeTags> SIZE_TAGS = List.of(
            new SizeTags(JpegDirectory.class, JpegDirectory.TAG_IMAGE_WIDTH, JpegDirectory.TAG_IMAGE_HEIGHT),
            new SizeTags(PngDirectory.class, PngDirectory.TAG_IMAGE_WIDTH, PngDirectory.TAG_IMAGE_HEIGHT),
            new SizeTags(GifHeaderDirectory.class, GifHeaderDirectory.TAG_IMAGE_WIDTH, GifHeaderDirectory.TAG_IMAGE_HEIGHT),
            new SizeTags(BmpHeaderDirectory.class, BmpHeaderDirectory.TAG_IMAGE_WIDTH, BmpHeaderDirectory.TAG_IMAGE_HEIGHT),
            new SizeTags(WebpDirectory.class, WebpDirectory.TAG_IMAGE_WIDTH, WebpDirectory.TAG_IMAGE_HEIGHT),
            new SizeTags(HeifDirectory.class, HeifDirectory.TAG_IMAGE_WIDTH, HeifDirectory.TAG_IMAGE_HEIGHT),
            new SizeTags(Mp4VideoDirectory.class, Mp4VideoDirectory.TAG_WIDTH, Mp4VideoDirectory.TAG_HEIGHT),
            new SizeTags(QuickTimeVideoDirectory.class, QuickTimeVideoDirectory.TAG_WIDTH, QuickTimeVideoDirectory.TAG_HEIGHT),
            new SizeTags(AviDirectory.class, AviDirectory.TAG_WIDTH, AviDirectory.TAG_HEIGHT),
            new SizeTags(ExifSubIFDDirectory.class, ExifDirectoryBase.TAG_EXIF_IMAGE_WIDTH, ExifDirectoryBase.TAG_EXIF_IMAGE_HEIGHT),
            new SizeTags(ExifIFD0Directory.class, ExifDirectoryBase.TAG_IMAGE_WIDTH, ExifDirectoryBase.TAG_IMAGE_HEIGHT));

    private record SizeTags(Class<? extends Directory> directory, int width, int height) {
    }

    /** Pixel size as stored (not turned by Orientation). */
    private static int[] dimensions(Metadata metadata) {
        for (SizeTags tags : SIZE_TAGS) {
            int[] size = pair(metadata.getFirstDirectoryOfType(tags.directory()), tags.width(), tags.height());
            if (size != null) {
                return size;
            }
        }
        return null;
    }

    private static int[] pair(Directory directory, int widthTag, int heightTag) {
        if (directory == null) {
            return null;
        }
        Integer width = directory.getInteger(widthTag);
        Integer height = directory.getInteger(heightTag);
        return width == null || height == null || width <= 0 || height <= 0 ? null : new int[]{width, height};
    }

    private static void putString(Map<String, String> exif, String key, Directory directory, int tag) {
        String value = directory.getString(tag);
        if (value != null && !value.isBlank()) {
            exif.put(key, value.strip());
        }
    }

    private static void putRational(Map<String, String> exif, String key, Directory directory, int tag, boolean asFraction) {
        Rational value = directory.getRational(tag);
        if (value == null || value.getDenominator() == 0) {
            return;
        }
        exif.put(key, asFraction && !value.isInteger() && value.doubleValue() < 1
                ? value.toSimpleString(true)
                : decimal(value.doubleValue(), 4));
    }

    private static String decimal(double value, int places) {
        return BigDecimal.valueOf(value).setScale(places, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
    }
}
