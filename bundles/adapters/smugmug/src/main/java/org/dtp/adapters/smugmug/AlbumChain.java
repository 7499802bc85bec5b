package org.dtp.adapters.smugmug;

import org.dtp.adapters.smugmug.SmugMugObjects.Album;
import org.dtp.adapters.smugmug.SmugMugObjects.Image;
import org.dtp.adapters.smugmug.SmugMugObjects.User;
import org.dtp.spi.AdapterException;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * An album the importer fills and the overflow albums it continued in when the album was full
 * ("Name (2)", "Name (3)", …), each with the number of images it holds and a compact index of the image
 * markers in it. Built from SmugMug (so it is right after a crash or on another node), then kept up to
 * date by the importer while it holds the chain's lock; thrown away after any failure, since an upload
 * that failed may still have been stored.
 */
final class AlbumChain {
    /** One album of the chain. */
    static final class Member {
        final String key;
        final String uri;
        final int number;
        int imageCount;
        boolean full;
        final LongSet markers = new LongSet();

        Member(String key, String uri, int number, int imageCount) {
            this.key = key;
            this.uri = uri;
            this.number = number;
            this.imageCount = imageCount;
        }
    }

    /** Makes overflow album {@code number} of the chain. */
    @FunctionalInterface
    interface OverflowMaker {
        Album make(Album first, int number) throws AdapterException;
    }

    final Album first;
    private final List<Member> members;

    private AlbumChain(Album first, List<Member> members) {
        this.first = first;
        this.members = members;
    }

    /** Reads the chain that starts at {@code firstKey}: the album, its overflow albums, and their image markers. */
    static AlbumChain load(SmugMugApi api, String firstKey) throws AdapterException {
        Album first = api.album(firstKey);
        User user = api.authUser();
        List<Member> members = new ArrayList<>();
        members.add(new Member(first.key(), "/api/v2/album/" + first.key(), 1, first.imageCount()));
        List<Album> overflow = api.findAlbums(user, a -> !a.key().equals(firstKey) && number(a, firstKey) > 0);
        overflow.sort(Comparator.comparingInt(a -> number(a, firstKey)));
        for (Album a : overflow) {
            members.add(new Member(a.key(), "/api/v2/album/" + a.key(), number(a, firstKey), a.imageCount()));
        }
        for (Member m : members) {
            int[] seen = {0};
            api.forEachImage(m.key, image -> {
                seen[0]++;
                for (String keyword : image.keywords()) {
                    long fp = KeywordMarkers.fingerprint(keyword);
                    if (fp != 0) {
                        m.markers.add(fp);
                    }
                }
            });
            m.imageCount = Math.max(m.imageCount, seen[0]);
        }
        return new AlbumChain(first, members);
    }

    private static int number(Album album, String firstKey) {
        return album.keywords().stream().mapToInt(k -> KeywordMarkers.overflowNumber(k, firstKey)).max().orElse(0);
    }

    /** The image marked {@code marker} in any album of the chain (the index says where to look; SmugMug confirms). */
    Optional<Image> find(SmugMugApi api, String marker) throws AdapterException {
        long fp = KeywordMarkers.fingerprint(marker);
        for (Member m : members) {
            if (m.markers.contains(fp)) {
                Optional<Image> image = api.findImage(m.key, i -> i.hasKeyword(marker));
                if (image.isPresent()) {
                    return image;
                }
            }
        }
        return Optional.empty();
    }

    /** The first album with room under {@code cap}, making the next overflow album when all are full. */
    Member target(int cap, OverflowMaker maker) throws AdapterException {
        for (Member m : members) {
            if (!m.full && m.imageCount < cap) {
                return m;
            }
        }
        int number = members.get(members.size() - 1).number + 1;
        Album made = maker.make(first, number);
        Member m = new Member(made.key(), "/api/v2/album/" + made.key(), number, made.imageCount());
        members.add(m);
        return m;
    }

    void stored(Member m, String marker) {
        m.imageCount++;
        m.markers.add(KeywordMarkers.fingerprint(marker));
    }

    int size() {
        return members.size();
    }
}
