package org.dtp.adapters.webdavdrive;

import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.webdav.DavAccount;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One transfer's folder on a WebDAV drive: the account ({@code url}, {@code username}, {@code password}, see
 * {@link DavAccount}) and {@value #FOLDER}, a path under {@code url} (empty: {@code url} itself). Ids are paths relative
 * to that folder with '/' between names, as the local folder adapter's are; every name is percent-encoded on the way
 * to the server, so any name a drive holds (spaces, '#', '?', '%', non-ASCII) has its own address.
 */
final class Drive {
    static final String FOLDER = "folder";

    private final DavAccount account;
    private final URI root;

    private Drive(DavAccount account, URI root) {
        this.account = account;
        this.root = root;
    }

    /** The drive folder of the endpoint's settings, or what is missing or wrong in them. */
    static Drive of(TransferEndpoint endpoint) throws InvalidEndpointException {
        return of(DavAccount.of(endpoint), endpoint);
    }

    /** The same, for the context's transfer (its deadline, and an operators' transfer's address check). */
    static Drive of(TransferContext context) throws InvalidEndpointException {
        return of(DavAccount.of(context), context.endpoint());
    }

    private static Drive of(DavAccount account, TransferEndpoint endpoint) throws InvalidEndpointException {
        String folder = endpoint.settings().getOrDefault(FOLDER, "");
        List<String> names;
        try {
            names = names(folder);
        } catch (IllegalArgumentException e) {
            throw new InvalidEndpointException("the setting '" + FOLDER + "' " + e.getMessage());
        }
        String base = account.url().toString();
        StringBuilder path = new StringBuilder(base.endsWith("/") ? base : base + "/");
        names.forEach(name -> path.append(encode(name)).append('/'));
        return new Drive(account, URI.create(path.toString()));
    }

    DavAccount account() {
        return account;
    }

    /** The folder's address, ending with '/'. */
    URI root() {
        return root;
    }

    /** The address of the folder {@code id} (null or empty: the root), ending with '/'. */
    URI folderAt(String id) throws ItemRejectedException {
        String path = path(id);
        return path.isEmpty() ? root : root.resolve(path + "/");
    }

    /** The address of the file {@code id}. */
    URI fileAt(String id) throws ItemRejectedException {
        String path = path(id);
        if (path.isEmpty()) {
            throw new ItemRejectedException("a file id cannot be empty");
        }
        return root.resolve(path);
    }

    /** The address of {@code name} in the folder {@code folder} (an address ending with '/'). */
    static URI in(URI folder, String name, boolean isFolder) {
        return folder.resolve(encode(name) + (isFolder ? "/" : ""));
    }

    /**
     * The id of an address under the root: its names below the root, decoded, with '/'. Compared decoded, as servers
     * encode names each their own way ({@code (} as is or as {@code %28}).
     */
    String idOf(URI href) throws ItemRejectedException {
        String path = href.getPath();
        String rootPath = root.getPath();
        if (!path.startsWith(rootPath)) {
            throw new ItemRejectedException("'" + path + "' is not in the drive folder " + rootPath);
        }
        String relative = path.substring(rootPath.length());
        return relative.endsWith("/") ? relative.substring(0, relative.length() - 1) : relative;
    }

    private static String path(String id) throws ItemRejectedException {
        List<String> names;
        try {
            names = names(id == null ? "" : id);
        } catch (IllegalArgumentException e) {
            throw new ItemRejectedException("'" + id + "' " + e.getMessage());
        }
        List<String> encoded = new ArrayList<>(names.size());
        names.forEach(name -> encoded.add(encode(name)));
        return String.join("/", encoded);
    }

    /** The names of a '/'-separated path (empty ones dropped); refuses "." and "..", and control characters. */
    private static List<String> names(String path) {
        List<String> names = new ArrayList<>();
        for (String name : path.split("/")) {
            if (name.isEmpty()) {
                continue;
            }
            if (name.equals(".") || name.equals("..")) {
                throw new IllegalArgumentException("cannot hold '.' or '..': it names a path below the drive's folder");
            }
            if (name.chars().anyMatch(Character::isISOControl)) {
                throw new IllegalArgumentException("cannot hold control characters");
            }
            names.add(name);
        }
        return names;
    }

    /** A name as one path segment (RFC 3986 §3.3): unreserved characters kept, every other UTF-8 byte as %XX. */
    static String encode(String name) {
        StringBuilder out = new StringBuilder(name.length() + 8);
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || "-._~".indexOf(c) >= 0) {
                out.append((char) c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xf, 16)));
            }
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return account + " folder " + root.getPath();
    }
}
