package org.dtp.adapters.archives.x;

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
 * Exports the posts of an X (Twitter) archive as one feed, the account's, each post with its text (links expanded),
 * time, language, the post it answers or quotes, hashtags, mentions and its photos and videos (see {@link XPosts}).
 */
@Component(
        name = "org.dtp.adapters.archives.XPostExporter",
        service = Exporter.class,
        configurationPid = ArchivesConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=" + XPostExporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + XPostExporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=SOCIAL"})
public final class XPostExporter implements Exporter<SocialFeed, SocialPost> {
    public static final String PROVIDER = "x-archive";
    static final String PROVIDER_NAME = "X (Twitter) archive";

    private final ArchiveSettings settings;
    private final SocialArchiveExport export;

    @Activate
    public XPostExporter(ArchivesConfig config) {
        this(ArchiveSettings.of(config));
    }

    public XPostExporter(ArchiveSettings settings) {
        this.settings = settings;
        this.export = new SocialArchiveExport(settings, new XPosts(), "archives.x.posts");
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
