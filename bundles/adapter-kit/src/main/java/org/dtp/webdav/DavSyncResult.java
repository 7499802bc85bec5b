package org.dtp.webdav;

import java.net.URI;
import java.util.List;

/**
 * The answer to a sync-collection REPORT (RFC 6578): members added or changed since the token, members removed,
 * the new token, and whether the server cut the answer short (507 on the collection, §3.6).
 */
public record DavSyncResult(List<DavMember> changed, List<URI> removed, String syncToken, boolean truncated) {
    public DavSyncResult {
        changed = List.copyOf(changed);
        removed = List.copyOf(removed);
    }
}
