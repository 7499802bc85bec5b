package org.dtp.adapters.archives.x;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.ArchivesConfig;
import org.dtp.adapters.archives.social.SocialArchiveMediaExporter;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

/**
 * Exports the photos and videos of an X (Twitter) archive's posts as one album, the account's: each with its post's
 * text, time and place (see {@link SocialArchiveMediaExporter}, {@link XPosts}).
 */
@Component(
        name = "org.dtp.adapters.archives.XMediaExporter",
        service = Exporter.class,
        configurationPid = ArchivesConfig.PID,
        property = {
                AdapterProperties.PROVIDER + "=" + XPostExporter.PROVIDER,
                AdapterProperties.PROVIDER_NAME + "=" + XPostExporter.PROVIDER_NAME,
                AdapterProperties.VERTICAL + "=MEDIA"})
public final class XMediaExporter extends SocialArchiveMediaExporter {
    @Activate
    public XMediaExporter(ArchivesConfig config) {
        this(ArchiveSettings.of(config));
    }

    public XMediaExporter(ArchiveSettings settings) {
        super(settings, new XPosts(), "archives.x.media", "Photos and videos of the posts in the X archive");
    }
}
