package org.dtp.adapters.archives.takeout;

import org.junit.Test;

import java.text.Normalizer;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

/** The sidecar names of real Takeout exports (the README lists where each was reported) and the media they belong to. */
public class SidecarNamesTest {

    private static String find(String media, String... sidecars) {
        return new SidecarNames(List.of(sidecars)).find(media);
    }

    @Test
    public void olderExportsAddJsonToTheMediaName() {
        assertEquals("IMG_1234.jpg.json", find("IMG_1234.jpg", "IMG_1234.jpg.json", "IMG_1235.jpg.json"));
    }

    @Test
    public void newerExportsAddSupplementalMetadata() {
        assertEquals("IMG_20200920_131207.jpg.supplemental-metadata.json",
                find("IMG_20200920_131207.jpg", "IMG_20200920_131207.jpg.supplemental-metadata.json"));
    }

    @Test
    public void theSupplementalPartIsCutToFitTheNameBudget() {
        assertEquals("Screenshot_2017-07-05-10-05-26.png.supplementa.json",
                find("Screenshot_2017-07-05-10-05-26.png", "Screenshot_2017-07-05-10-05-26.png.supplementa.json"));
        assertEquals("D7157814-D2D5-4A62-AFCE-9CF465CB7D66.jpeg.supp.json",
                find("D7157814-D2D5-4A62-AFCE-9CF465CB7D66.jpeg", "D7157814-D2D5-4A62-AFCE-9CF465CB7D66.jpeg.supp.json"));
        assertEquals("PXL_20230506_101112131.NIGHT.jpg.supplemental-metad.json",
                find("PXL_20230506_101112131.NIGHT.jpg", "PXL_20230506_101112131.NIGHT.jpg.supplemental-metad.json"));
        assertEquals("IMG_0001.jpg.suppl.json", find("IMG_0001.jpg", "IMG_0001.jpg.suppl.json"));
        assertEquals("123456789012345678901234567890123456789012.jpg.s.json",
                find("123456789012345678901234567890123456789012.jpg", "123456789012345678901234567890123456789012.jpg.s.json"));
        assertEquals("1234567890123456789012345678901234567890123.jpg..json",
                find("1234567890123456789012345678901234567890123.jpg", "1234567890123456789012345678901234567890123.jpg..json"));
    }

    @Test
    public void aLongMediaNameIsCutItselfWhenNothingOfTheSuffixFits() {
        // Reported with nextcloud memories issue 1559 and GooglePhotosTakeoutHelper issue 8.
        assertEquals("Screenshot_20220207_102421_com.snapchat.androi.json",
                find("Screenshot_20220207_102421_com.snapchat.android.jpg", "Screenshot_20220207_102421_com.snapchat.androi.json"));
        assertEquals("Urlaub in Knaufspesch in der Schneifel (38).JP.json",
                find("Urlaub in Knaufspesch in der Schneifel (38).JPG", "Urlaub in Knaufspesch in der Schneifel (38).JP.json",
                        "Urlaub in Knaufspesch in der Schneifel (39).JP.json"));
        assertEquals("IMG_20190101_123456789_HDR_something_long.jp.json",
                find("IMG_20190101_123456789_HDR_something_long.jpg", "IMG_20190101_123456789_HDR_something_long.jp.json"));
        assertEquals("IMG_20190101_123456789_HDR_something_long_name.json",
                find("IMG_20190101_123456789_HDR_something_long_name.jpg", "IMG_20190101_123456789_HDR_something_long_name.json"));
    }

    @Test
    public void aDuplicatesIndexMovesFromBeforeTheExtensionToTheSidecarsEnd() {
        String[] sidecars = {"IMG_1234.jpg.json", "IMG_1234.jpg(1).json", "IMG_1234.jpg(2).json"};
        assertEquals("IMG_1234.jpg(1).json", find("IMG_1234(1).jpg", sidecars));
        assertEquals("IMG_1234.jpg(2).json", find("IMG_1234(2).jpg", sidecars));
        assertEquals("IMG_1234.jpg.json", find("IMG_1234.jpg", sidecars));
        assertEquals("IMG_1234.jpg.supplemental-metadata(1).json",
                find("IMG_1234(1).jpg", "IMG_1234.jpg.supplemental-metadata.json", "IMG_1234.jpg.supplemental-metadata(1).json"));
    }

    @Test
    public void aNameEndingInANumberInBracketsIsNotTakenForADuplicate() {
        assertEquals("Party (2).jpg.json", find("Party (2).jpg", "Party (2).jpg.json", "Party .jpg.json"));
    }

    @Test
    public void editedCopiesShareTheOriginalsSidecar() {
        assertEquals("IMG_1234.jpg.json", find("IMG_1234-edited.jpg", "IMG_1234.jpg.json"));
        assertEquals("IMG_1234.jpg.supplemental-metadata.json", find("IMG_1234-bearbeitet.jpg", "IMG_1234.jpg.supplemental-metadata.json"));
        assertEquals("IMG_1234.jpg.json", find("IMG_1234-modifié.jpg", "IMG_1234.jpg.json"));
        assertEquals("PXL_20220405_090123740.PORTRAIT.jpg.json",
                find("PXL_20220405_090123740.PORTRAIT-modificato.jpg", "PXL_20220405_090123740.PORTRAIT.jpg.json"));
        // A zip written on macOS stores é decomposed.
        assertEquals("IMG_1234.jpg.json", find(Normalizer.normalize("IMG_1234-modifié.jpg", Normalizer.Form.NFD), "IMG_1234.jpg.json"));
        assertEquals("IMG_1234.jpg(1).json", find("IMG_1234-edited(1).jpg", "IMG_1234.jpg.json", "IMG_1234.jpg(1).json"));
    }

    @Test
    public void theOldestExportsLeaveTheExtensionOut() {
        assertEquals("IMG_1234.json", find("IMG_1234.jpg", "IMG_1234.json"));
    }

    @Test
    public void aMediaFileWithoutSidecarHasNone() {
        assertNull(find("IMG_9999.jpg", "IMG_1234.jpg.json", "metadata.json"));
        assertNull(find("IMG_12.jpg", "IMG_1234.jpg.json"));
    }
}
