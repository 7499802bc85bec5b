package org.dtp.webdav;

import org.dtp.spi.AdapterException;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;

/**
 * Pages through a collection's resources the same way for every DAV adapter: members sorted by address, one
 * multiget of at most {@code batchSize} per page, the continuation being the address of the last member of
 * the page. A resumed export therefore neither repeats nor skips a member that was there throughout, even when
 * others were added or removed meanwhile (an offset would shift).
 */
public final class CollectionPager {
    /** One page: the resources fetched (a 404 for one that went away since the listing) and the next continuation. */
    public record Page(List<DavResource> resources, String continuation) {
        public Page {
            resources = List.copyOf(resources);
        }
    }

    private final DavClient client;
    private final int batchSize;

    public CollectionPager(DavClient client, int batchSize) {
        if (batchSize < 1) {
            throw new IllegalArgumentException("batchSize must be at least 1, was " + batchSize);
        }
        this.client = client;
        this.batchSize = batchSize;
    }

    /** The page after {@code continuation} ({@code null}: the first page) of {@code collection}. */
    public Page page(DavAccount account, DavCollection collection, DavService service, String continuation)
            throws AdapterException {
        List<DavMember> members = client.listMembers(account, collection);
        List<URI> batch = new ArrayList<>();
        boolean more = false;
        for (DavMember m : members) {
            if (continuation != null && m.href().getPath().compareTo(continuation) <= 0) {
                continue;
            }
            if (batch.size() == batchSize) {
                more = true;
                break;
            }
            batch.add(m.href());
        }
        List<DavResource> resources = client.multiget(account, collection.href(), service, batch);
        String next = more ? batch.get(batch.size() - 1).getPath() : null;
        return new Page(resources, next);
    }
}
