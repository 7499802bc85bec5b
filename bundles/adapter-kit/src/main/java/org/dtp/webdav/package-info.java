/**
 * A WebDAV client for CardDAV (RFC 6352) and CalDAV (RFC 4791) adapters: discovery (RFC 6764 well-known
 * addresses, {@code current-user-principal}, the home sets), collection listing with PROPFIND, multiget and
 * sync-collection (RFC 6578) REPORTs, conditional PUT, MKCOL (RFC 5689) and MKCALENDAR, Basic auth and a
 * configurable trust store. Failures become the SPI's exceptions as {@link org.dtp.spi.http.ProviderHttp} maps
 * them: 5xx, 429 and I/O failures are transient, 401/403 refuse the authorization, other 4xx reject the item.
 * 1.1: {@link org.dtp.webdav.DavClient.Builder#outbound}, the check of every request's host (required), and
 * {@link org.dtp.webdav.DavAccount#of(org.dtp.spi.TransferContext)} for an operators' transfer.
 * 1.2: {@link org.dtp.webdav.DavAnswerUnreadableException}; {@link org.dtp.webdav.CollectionPager} fetches a page
 * whose multiget answer is unreadable one resource at a time ({@link org.dtp.webdav.CollectionPager.Page#unreadable()});
 * {@link org.dtp.webdav.DavResource#describe()} names a resource in an item error.
 * 1.3: WebDAV drives (files in folders): {@link org.dtp.webdav.DavClient#listEntries} and
 * {@link org.dtp.webdav.DavClient#entry} ({@link org.dtp.webdav.DavEntry}: length, modification time, ETag),
 * {@link org.dtp.webdav.DavClient#makeFolder} (plain MKCOL), a streamed conditional PUT
 * ({@link org.dtp.webdav.DavClient#putNew}) and a streamed GET ({@link org.dtp.webdav.DavClient#open}).
 * 1.4: change feeds (RFC 6578): {@link org.dtp.webdav.DavClient#membersChangedSince} and
 * {@link org.dtp.webdav.CollectionPager#page(org.dtp.spi.TransferContext, DavAccount, DavCollection, DavService, String)},
 * which lists only what changed since the last transfer and records the collection's sync token for the next.
 * 1.5: a streamed PUT that replaces what is there ({@link org.dtp.webdav.DavClient#putReplacing}).
 * 1.6: a ranged GET ({@link org.dtp.webdav.DavClient#openFrom}, {@link org.dtp.webdav.DavFilePart}): a file read from
 * an offset on, with its ETag and size; {@link org.dtp.webdav.DavClient#listEntriesIfFound}, a folder's listing that
 * is empty rather than a failure when the folder is not there.
 */
@Export
@Version("1.6.0")
package org.dtp.webdav;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
