package org.dtp.adapters.flickr;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import org.dtp.spi.AdapterException;
import org.dtp.spi.http.FormEncoding;
import org.dtp.spi.http.ProviderHttp;
import org.dtp.spi.http.ProviderHttp.OnNotFound;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Flickr's REST API (https://www.flickr.com/services/api/) for one user: every call signed with OAuth 1.0a by the
 * server's key and the user's token, asked for {@code format=json&nojsoncallback=1} and paced by the adapter's
 * limiter; reads are GETs, writes POSTs. A {@code "stat":"fail"} answer becomes the exception {@link FlickrErrors}
 * names.
 */
final class FlickrApi {
    /** The extras the exporter needs of each photo (flickr.photosets.getPhotos, flickr.photos.getNotInSet). */
    static final String EXTRAS = "original_format,date_taken,description,geo,media,url_o";
    /** How Flickr writes a date taken: a wall-clock time without a zone (MySQL datetime). */
    static final DateTimeFormatter DATE_TAKEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);
    private static final SecureRandom RANDOM = new SecureRandom();

    record Photoset(String id, String title, String description) {
    }

    record Photo(String id, String title, String description, boolean video, String originalFormat, String urlO,
                 Integer width, Integer height, String dateTaken, boolean dateTakenUnknown, double latitude, double longitude) {
    }

    /** One page of a list, and Flickr's {@code page} and {@code pages}. */
    record Page<T>(List<T> items, int page, int pages) {
        boolean last() {
            return page >= pages;
        }
    }

    private final ProviderHttp http;
    private final ProviderHttp upload;
    private final ProviderHttp media;
    private final FlickrSettings settings;

    FlickrApi(ProviderHttp http, ProviderHttp upload, ProviderHttp media, FlickrSettings settings) {
        this.http = http;
        this.upload = upload;
        this.media = media;
        this.settings = settings;
    }

    /**
     * flickr.test.login: the signed-in user's NSID (https://www.flickr.com/services/api/flickr.test.login.html),
     * stable and not secret.
     */
    String userNsid() throws AdapterException {
        String id = get("flickr.test.login", false).path("user").path("id").asText("");
        if (id.isEmpty()) {
            throw new AdapterException("Flickr answered flickr.test.login without the user's id");
        }
        return id;
    }

    /** flickr.photosets.getList: one page of the user's photosets. */
    Page<Photoset> photosets(int page) throws AdapterException {
        JsonNode sets = get("flickr.photosets.getList", false, "page", page, "per_page", settings.perPage()).path("photosets");
        List<Photoset> out = new ArrayList<>();
        for (JsonNode s : sets.path("photoset")) {
            out.add(new Photoset(s.path("id").asText(), content(s.path("title")), content(s.path("description"))));
        }
        return new Page<>(out, sets.path("page").asInt(page), sets.path("pages").asInt(0));
    }

    /** flickr.photosets.getPhotos with {@link #EXTRAS}: one page of a photoset's photos and videos. */
    Page<Photo> photosetPhotos(String photosetId, int page) throws AdapterException {
        JsonNode set = get("flickr.photosets.getPhotos", false, "photoset_id", photosetId, "extras", EXTRAS,
                "page", page, "per_page", settings.perPage()).path("photoset");
        return photos(set, page);
    }

    /** flickr.photos.getNotInSet with {@link #EXTRAS}: one page of the photos and videos in no photoset. */
    Page<Photo> notInSet(int page) throws AdapterException {
        return photos(get("flickr.photos.getNotInSet", false, "extras", EXTRAS, "page", page,
                "per_page", settings.perPage()).path("photos"), page);
    }

    /** flickr.photos.search of the user's own photos carrying {@code machineTag}: their ids, at most {@code perPage}. */
    List<String> photosTagged(String machineTag, int perPage) throws AdapterException {
        JsonNode photos = get("flickr.photos.search", true, "user_id", "me", "machine_tags", machineTag,
                "per_page", perPage).path("photos").path("photo");
        List<String> ids = new ArrayList<>();
        photos.forEach(p -> ids.add(p.path("id").asText()));
        return ids;
    }

    /** flickr.photos.getAllContexts: the photosets a photo is in. */
    List<Photoset> setsOf(String photoId) throws AdapterException {
        List<Photoset> sets = new ArrayList<>();
        for (JsonNode s : get("flickr.photos.getAllContexts", true, "photo_id", photoId).path("set")) {
            sets.add(new Photoset(s.path("id").asText(), s.path("title").asText(""), ""));
        }
        return sets;
    }

    /** flickr.photos.getSizes: the source of the "Video Original" size, if Flickr offers it. */
    Optional<URI> videoOriginal(String photoId) throws AdapterException {
        for (JsonNode size : get("flickr.photos.getSizes", true, "photo_id", photoId).path("sizes").path("size")) {
            if ("Video Original".equals(size.path("label").asText())) {
                return Optional.of(URI.create(size.path("source").asText()));
            }
        }
        return Optional.empty();
    }

    /** flickr.photosets.create with its primary photo; the new photoset's id. */
    String createPhotoset(String title, String description, String primaryPhotoId) throws AdapterException {
        JsonNode answer = post("flickr.photosets.create", "title", title, "description", description == null ? "" : description,
                "primary_photo_id", primaryPhotoId);
        String id = answer.path("photoset").path("id").asText("");
        if (id.isEmpty()) {
            throw new AdapterException("Flickr answered flickr.photosets.create without the photoset's id");
        }
        return id;
    }

    /** flickr.photosets.addPhoto; a photo already in the set is no failure. */
    void addToPhotoset(String photosetId, String photoId) throws AdapterException {
        JsonNode answer = postUnchecked("flickr.photosets.addPhoto", "photoset_id", photosetId, "photo_id", photoId);
        if (answer.path("code").asInt(-1) != FlickrErrors.ALREADY_IN_SET) {
            checked("flickr.photosets.addPhoto", answer, true);
        }
    }

    /** flickr.photos.geo.setLocation (accuracy 16, street level: the most Flickr records). */
    void setLocation(String photoId, double latitude, double longitude) throws AdapterException {
        post("flickr.photos.geo.setLocation", "photo_id", photoId, "lat", latitude, "lon", longitude, "accuracy", 16);
    }

    /** flickr.photos.setDates with the date taken only (granularity 0: to the second). */
    void setDateTaken(String photoId, LocalDateTime taken) throws AdapterException {
        post("flickr.photos.setDates", "photo_id", photoId, "date_taken", DATE_TAKEN.format(taken), "date_taken_granularity", 0);
    }

    /**
     * POSTs a file to the Upload API as {@code multipart/form-data}, streamed: {@code arguments} (title, tags, ...)
     * travel in the query, where OAuth signs them (the photo itself is never signed); the answer is the new photo's id.
     */
    String upload(List<Map.Entry<String, String>> arguments, String fileName, String contentType, InputStream body, long length)
            throws AdapterException {
        String boundary = "dtp-" + HexFormat.of().formatHex(randomBytes());
        byte[] head = ("--" + boundary + "\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"" + asciiFileName(fileName)
                + "\"\r\nContent-Type: " + contentType + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
        byte[] tail = ("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII);
        URI uri = URI.create(settings.uploadUrl() + "?" + FormEncoding.encode(arguments));
        InputStream multipart = new SequenceInputStream(new ByteArrayInputStream(head),
                new SequenceInputStream(body, new ByteArrayInputStream(tail)));
        JsonNode answer = upload.upload(uri, Map.of("Accept", "text/xml"), "multipart/form-data; boundary=" + boundary,
                multipart, head.length + length + tail.length, OnNotFound.FAIL);
        if (!"ok".equals(answer.path("stat").asText())) {
            throw FlickrErrors.ofUpload(answer.path("code").asInt(-1), answer.path("message").asText(""));
        }
        String id = answer.path("photoid").asText("");
        if (id.isEmpty()) {
            throw new AdapterException("Flickr's Upload API answered ok without a photoid");
        }
        return id;
    }

    /** Streams an original from a media host (unsigned: Flickr's original URLs carry their own secret). */
    InputStream download(URI uri) throws AdapterException {
        return media.download(uri, Map.of("Accept", "*/*"), OnNotFound.REJECT_ITEM);
    }

    private Page<Photo> photos(JsonNode list, int page) {
        List<Photo> out = new ArrayList<>();
        for (JsonNode p : list.path("photo")) {
            out.add(new Photo(p.path("id").asText(), p.path("title").asText(""), content(p.path("description")),
                    "video".equals(p.path("media").asText()), p.path("originalformat").asText(""),
                    p.path("url_o").asText(""), positive(p.path("width_o")), positive(p.path("height_o")),
                    p.path("datetaken").asText(""), "1".equals(p.path("datetakenunknown").asText("0")),
                    p.path("latitude").asDouble(0), p.path("longitude").asDouble(0)));
        }
        return new Page<>(out, list.path("page").asInt(page), list.path("pages").asInt(0));
    }

    private JsonNode get(String method, boolean itemLevel, Object... params) throws AdapterException {
        URI uri = URI.create(settings.restUrl() + "?" + FormEncoding.encode(parameters(method, params)));
        return checked(method, http.getJson(uri, OnNotFound.FAIL), itemLevel);
    }

    private JsonNode post(String method, Object... params) throws AdapterException {
        return checked(method, postUnchecked(method, params), true);
    }

    private JsonNode postUnchecked(String method, Object... params) throws AdapterException {
        String text = http.postForm(settings.restUrl(), parameters(method, params), OnNotFound.FAIL);
        try {
            return http.mapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw new AdapterException("Flickr answered " + method + " with something that is not JSON: " + e.getOriginalMessage());
        }
    }

    private static JsonNode checked(String method, JsonNode answer, boolean itemLevel) throws AdapterException {
        if ("ok".equals(answer.path("stat").asText())) {
            return answer;
        }
        throw FlickrErrors.of(method, answer.path("code").asInt(-1), answer.path("message").asText(""), itemLevel);
    }

    private static List<Map.Entry<String, String>> parameters(String method, Object... params) {
        List<Map.Entry<String, String>> out = new ArrayList<>();
        out.add(Map.entry("method", method));
        out.add(Map.entry("format", "json"));
        out.add(Map.entry("nojsoncallback", "1"));
        for (int i = 0; i < params.length; i += 2) {
            out.add(Map.entry((String) params[i], String.valueOf(params[i + 1])));
        }
        return out;
    }

    /** Flickr's {@code {"_content": "..."}} text objects (or plain text). */
    private static String content(JsonNode node) {
        return node.isTextual() ? node.asText() : node.path("_content").asText("");
    }

    private static Integer positive(JsonNode node) {
        int value = node.asInt(0);
        return value > 0 ? value : null;
    }

    /** A file name for the multipart header: printable ASCII without quotes or backslashes (Flickr keeps no file names). */
    static String asciiFileName(String fileName) {
        StringBuilder out = new StringBuilder();
        fileName.codePoints().forEach(c -> out.append(c >= 0x20 && c < 0x7f && c != '"' && c != '\\' ? (char) c : '_'));
        return out.length() == 0 ? "file" : out.toString();
    }

    private static byte[] randomBytes() {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        return bytes;
    }
}
