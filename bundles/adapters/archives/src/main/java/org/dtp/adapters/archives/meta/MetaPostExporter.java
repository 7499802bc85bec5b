package org.dtp.adapters.archives.meta;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.ArchivesConfig;
import org.dtp.adapters.archives.social.SocialArchiveExport;
import org.dtp.models.MediaRef;
import org.dtp.models.social.SocialFeed;
import org.dtp.models.social.SocialPost;
import org.dtp.spi.AdapterException;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.ExportCursor;
import org.dtp.spi.ExportPage;
import org.dtp.spi.Exporter;
import org.dtp.spi.InvalidEndpointException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

import java.io.IOException;
import java.io.InputStream;

/**
 * Exports the posts of a Meta "Download your information" archive (JSON format) as one feed, each post with its
 * text, time, place and the photos and videos it holds (see {@link MetaPosts}).
 */
@Component(
        name = "org.dtp.adapters.archives.MetaPostExporter",
        service = Exporter.class,
        configurationPid = ArchivesConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=" + MetaPostExporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + MetaPostExporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=SOCIAL"})
public final class MetaPostExporter implements Exporter<SocialFeed, SocialPost> {
    public static final String PROVIDER = "meta-archive";
    static final String PROVIDER_NAME = "Meta (Facebook) archive";

    private final ArchiveSettings settings;
    private final SocialArchiveExport export;

    @Activate
    public MetaPostExporter(ArchivesConfig config) {
        this(ArchiveSettings.of(config));
    }

    public MetaPostExporter(ArchiveSettings settings) {
        this.settings = settings;
        this.export = new SocialArchiveExport(settings, new MetaPosts(), "archives.meta.posts");
    }

    @Override
    public void validate(TransferEndpoint source) throws InvalidEndpointException {
        settings.checkSource(source);
    }

    @Override
    public ExportPage<SocialFeed, SocialPost> export(TransferContext context, ExportCursor cursor) throws AdapterException {
        return export.export(context, cursor);
    }

    @Override
    public InputStream openMedia(TransferContext context, MediaRef ref) throws AdapterException, IOException {
        return export.openMedia(context, ref);
    }
}
