package org.dtp.adapters.archives.meta;

import org.dtp.adapters.archives.ArchiveSettings;
import org.dtp.adapters.archives.ArchivesConfig;
import org.dtp.adapters.archives.social.SocialArchiveExporter;
import org.dtp.spi.AdapterProperties;
import org.dtp.spi.Exporter;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;

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
public final class MetaPostExporter extends SocialArchiveExporter {
    public static final String PROVIDER = "meta-archive";
    static final String PROVIDER_NAME = "Meta (Facebook) archive";

    @Activate
    public MetaPostExporter(ArchivesConfig config) {
        this(ArchiveSettings.of(config));
    }

    public MetaPostExporter(ArchiveSettings settings) {
        super(settings, new MetaPosts(), "archives.meta.posts");
    }
}
