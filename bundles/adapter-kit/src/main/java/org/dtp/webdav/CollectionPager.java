package org.dtp.webdav;

import org.dtp.spi.AdapterException;
import org.dtp.spi.ItemRejectedException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransientAdapterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Pages through a collection's resources the same way for every DAV adapter: members sorted by address, one
 * multiget of at most {@code batchSize} per page, the continuation being the address of the last member of
 * the page. A resumed export therefore neither repeats nor skips a member that was there throughout, even when
 * others were added or removed meanwhile (an offset would shift). Given the transfer's context, it lists only the
 * members changed since the last transfer where the server keeps a change feed (RFC 6578 sync-collection).
 * <p>
 * One resource can make a whole multiget answer unreadable (a control character XML 1.0 forbids, copied by the
 * server into its XML). The page's members are then fetched one GET at a time, which carries each resource's
 * bytes as they are (a lenient parse of the multiget would have to change them, and could not tell which item
 * lost what); a member the server will not give either is listed in {@link Page#unreadable()} with why, and the
 * page goes on without it.
 * <p>
 * A server can also fail on a member it cannot load itself (a 5xx): then the page's multiget fails, and so, on
 * some servers, does every listing of the collection (Radicale answers 500 to a depth-1 PROPFIND and a
 * sync-collection of a collection holding a file it cannot parse). A read the server failed on is asked once more,
 * as the engine would, no more: a multiget that fails is replaced by one GET per member, and a member whose GET
 * fails twice is listed in {@link Page#unreadable()}; a listing that fails twice makes the collection's only page,
 * empty, with the collection itself listed there (such a server does not say which member it could not load; its
 * log does). Either way the server has just answered for the collection (the caller's PROPFIND of it), so what
 * fails is that collection's content, not the server; the transfer goes on with the next page or collection.
 */
public final class CollectionPager {
    private static final Logger LOG = LoggerFactory.getLogger(CollectionPager.class);

    /**
     * One page: the resources fetched (a 404 for one that went away since the listing), the next continuation and
     * (since 1.2) the members that could not be fetched, each with why.
     */
    public record Page(List<DavResource> resources, String continuation, List<Unreadable> unreadable) {
        public Page {
            resources = List.copyOf(resources);
            unreadable = List.copyOf(unreadable);
        }

        /** A page where every member could be fetched. */
        public Page(List<DavResource> resources, String continuation) {
            this(resources, continuation, List.of());
        }
    }

    /** A member of the collection the server would not give in a readable form, and why. */
    public record Unreadable(URI href, String reason) {
        public Unreadable {
            Objects.requireNonNull(href, "href");
            Objects.requireNonNull(reason, "reason");
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

    /** The page after {@code continuation} ({@code null}: the first page) of {@code collection}, of every member. */
    public Page page(DavAccount account, DavCollection collection, DavService service, String continuation)
            throws AdapterException {
        List<DavMember> members;
        try {
            members = askedTwice(() -> client.listMembers(account, collection));
        } catch (DavServerErrorException e) {
            return unlisted(account, collection, e);
        }
        return page(account, collection, service, continuation, members);
    }

    /**
     * The page after {@code continuation} ({@code null}: the first page) of {@code collection}, of the members added
     * or changed since the transfer that left the context a change token under the collection's path
     * ({@link TransferContext#changeToken}): those a sync-collection REPORT from it lists (RFC 6578). Every member
     * when there is no token, or when the server no longer takes it or does not do sync-collection
     * ({@link DavClient#membersChangedSince}). Each page asks again from the same token, so pages follow one another
     * by address as without one; the members changed since the last transfer are a part of the members, so a page
     * that had to list every member skips nothing either.
     * <p>
     * The first page records the collection's {@code DAV:sync-token} as {@code collection} carries it: read by the
     * PROPFIND that found the collection, before this listing (RFC 6578 §4: the token a sync-collection would have
     * answered at that moment). A change made after it is listed again by the next transfer; none is skipped. Since 1.4.
     */
    public Page page(TransferContext context, DavAccount account, DavCollection collection, DavService service,
                     String continuation) throws AdapterException {
        String feed = collection.href().getPath();
        Optional<String> since = context.changeToken(feed);
        List<DavMember> members;
        try {
            members = askedTwice(() -> {
                Optional<List<DavMember>> changed = since.isPresent()
                        ? client.membersChangedSince(account, collection, since.get()) : Optional.empty();
                return changed.isPresent() ? changed.get() : client.listMembers(account, collection);
            });
        } catch (DavServerErrorException e) {
            return unlisted(account, collection, e);
        }
        if (continuation == null && collection.syncToken() != null) {
            context.recordChangeToken(feed, collection.syncToken());
        }
        return page(account, collection, service, continuation, members);
    }

    private Page page(DavAccount account, DavCollection collection, DavService service, String continuation,
                      List<DavMember> members) throws AdapterException {
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
        String next = more ? batch.get(batch.size() - 1).getPath() : null;
        try {
            return new Page(client.multiget(account, collection.href(), service, batch), next);
        } catch (DavAnswerUnreadableException e) {
            LOG.warn("{}: the multiget of {} resources from {} could not be read ({}); fetching them one by one",
                    collection.href().getPath(), batch.size(), batch.get(0).getPath(), e.getMessage());
            return oneByOne(account, multigetFailure(e), batch, next);
        } catch (DavServerErrorException e) {
            LOG.warn("{}: the multiget of {} resources from {} failed ({}); fetching them one by one",
                    collection.href().getPath(), batch.size(), batch.get(0).getPath(), e.getMessage());
            Page page = oneByOne(account, e.getMessage(), batch, next);
            if (page.resources().isEmpty()) {
                answersFor(account, collection.href(), e);
            }
            return page;
        }
    }

    private Page oneByOne(DavAccount account, String multigetFailure, List<URI> batch, String next) throws AdapterException {
        List<DavResource> resources = new ArrayList<>();
        List<Unreadable> unreadable = new ArrayList<>();
        for (URI href : batch) {
            try {
                Optional<DavResource> got = askedTwice(() -> client.get(account, href));
                resources.add(got.orElseGet(() -> new DavResource(href, 404, null, null)));
            } catch (ItemRejectedException e) {
                // the server refuses this one resource (a 4xx): the others are worth having
                unreadable.add(new Unreadable(href, e.getMessage() + " (after " + multigetFailure + ")"));
            } catch (DavServerErrorException e) {
                // the server fails on this one resource, as it did on the page's multiget: the others are worth having
                unreadable.add(new Unreadable(href, e.getMessage() + ", twice (after " + multigetFailure + ")"));
            }
        }
        return new Page(resources, next, unreadable);
    }

    /** The collection's only page when the server failed twice to list it: none of its members, itself unreadable. */
    private Page unlisted(DavAccount account, DavCollection collection, DavServerErrorException e) throws AdapterException {
        answersFor(account, collection.href(), e);
        LOG.warn("{}: the listing failed twice ({}); the collection is left out", collection.href().getPath(), e.getMessage());
        return new Page(List.of(), null, List.of(new Unreadable(collection.href(), "the collection could not be listed: "
                + e.getMessage() + ", twice (a member the server cannot load itself fails every listing on some servers,"
                + " e.g. Radicale, whose log names the file)")));
    }

    /**
     * Fails with {@code failure} (the engine then retries the whole page) unless the server still answers a PROPFIND of
     * {@code collection}: when it does, what it failed on is in the collection, not the server being down.
     */
    private void answersFor(DavAccount account, URI collection, DavServerErrorException failure) throws AdapterException {
        try {
            client.collection(account, collection);
        } catch (TransientAdapterException e) {
            throw failure;
        }
    }

    /** {@code read}, asked once more if the server failed on it (a 5xx), as the engine's retry would. */
    private static <T> T askedTwice(Read<T> read) throws AdapterException {
        try {
            return read.call();
        } catch (DavServerErrorException e) {
            LOG.debug("the server failed on a read ({}); asking once more", e.getMessage());
            return read.call();
        }
    }

    @FunctionalInterface
    private interface Read<T> {
        T call() throws AdapterException;
    }

    private static String multigetFailure(DavAnswerUnreadableException e) {
        return e.getCause() == null ? e.getMessage() : "an unreadable multiget answer: " + e.getCause().getMessage();
    }
}
