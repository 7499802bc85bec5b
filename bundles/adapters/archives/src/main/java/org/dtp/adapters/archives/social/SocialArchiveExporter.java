package org.dtp.adapters.archives.social;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.models.MediaRef;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;
import org.dtp.spi.AdapterException;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;

import java.io.IOException;
import java.io.InputStream;

/**
 * What the exporters of social archives share: one feed of posts read through {@link SocialArchiveExport}; each kind
 * is a DS component that names its provider and gives its {@link PostArchive}.
 */
public abstract class SocialArchiveExporter implements Exporter<SocialFeed, SocialPost> {
    private final ArchiveSettings settings;
    private final SocialArchiveExport export;

    /** @param scratchName names what a job keeps of this kind's archive in its scratch */
    protected SocialArchiveExporter(ArchiveSettings settings, PostArchive archive, String scratchName) {
        this.settings = settings;
        this.export = new SocialArchiveExport(settings, archive, scratchName);
    }

    @Override
    public final void validate(TransferEndpoint source) throws InvalidEndpointException {
        settings.checkSource(source);
    }

    @Override
    public final ExportPage<SocialFeed, SocialPost> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        return export.export(context, cursor);
    }

    @Override
    public final InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        return export.openMedia(context, ref);
    }
}
